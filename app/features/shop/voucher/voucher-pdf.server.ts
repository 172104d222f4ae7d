import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { formatLastDay } from "~/lib/format-date";
import { formatAmount } from "~/lib/format-price";

export type PrintableVoucher = {
  brand: string;
  practitioner: string;
  siteUrl: string;
  email: string;
  code: string;
  /** "£50.00 to spend on anything" or "One-on-One Session". */
  value: string;
  recipientName: string;
  buyerName: string;
  message: string;
  expiresAt: Date;
};

/** What a voucher is worth, as the voucher and its e-mails say it. */
export const voucherValueText = (v: { kind: string; valueCents: number; serviceTitle: string | null }) =>
  v.kind === "service" ? (v.serviceTitle ?? "A session") : formatAmount(v.valueCents);

const plum = rgb(0x56 / 255, 0x30 / 255, 0x6f / 255);
const gold = rgb(0xc9 / 255, 0xa2 / 255, 0x4a / 255);
const cream = rgb(0xfb / 255, 0xf8 / 255, 0xf3 / 255);
const ink = rgb(0x2a / 255, 0x23 / 255, 0x30 / 255);
const muted = rgb(0x5c / 255, 0x53 / 255, 0x63 / 255);

/** The standard fonts encode WinAnsi only: anything else a buyer typed is shown as a question mark. */
const printable = (value: string) => value.replace(/[^\x20-\x7e\u00a0-\u00ff£€–—‘’“”…]/g, "?");

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * The printable voucher (issue 25 item 2): one A5 landscape page in her colours, with her name, the
 * code, the value or service, the expiry date and how to redeem it. pdf-lib is pure JavaScript (no
 * native addon) and its standard fonts are built in, so nothing is read from disk.
 */
export async function renderVoucherPdf(voucher: PrintableVoucher): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${voucher.brand} gift voucher`);
  pdf.setAuthor(voucher.brand);
  const page = pdf.addPage([595.28, 419.53]);
  const { width, height } = page.getSize();
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const serifBold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const sans = await pdf.embedFont(StandardFonts.Helvetica);
  const sansBold = await pdf.embedFont(StandardFonts.HelveticaBold);

  page.drawRectangle({ x: 0, y: 0, width, height, color: cream });
  page.drawRectangle({ x: 18, y: 18, width: width - 36, height: height - 36, borderColor: gold, borderWidth: 2 });
  page.drawRectangle({ x: 0, y: height - 70, width, height: 70, color: plum });
  page.drawText(printable(voucher.brand), { x: 40, y: height - 45, size: 24, font: serifBold, color: cream });
  page.drawText("GIFT VOUCHER", {
    x: width - 40 - sansBold.widthOfTextAtSize("GIFT VOUCHER", 12),
    y: height - 42,
    size: 12,
    font: sansBold,
    color: gold,
  });

  let y = height - 110;
  page.drawText(printable(`For ${voucher.recipientName || "you"}`), { x: 40, y, size: 16, font: serif, color: ink });
  y -= 40;
  page.drawText(printable(voucher.value), { x: 40, y, size: 30, font: serifBold, color: plum });
  y -= 26;
  if (voucher.message) {
    for (const line of wrap(printable(`“${voucher.message}”`), serif, 12, width - 80).slice(0, 4)) {
      page.drawText(line, { x: 40, y, size: 12, font: serif, color: muted });
      y -= 16;
    }
  }
  if (voucher.buyerName) {
    page.drawText(printable(`With love from ${voucher.buyerName}`), { x: 40, y, size: 12, font: serif, color: ink });
    y -= 16;
  }

  // The code, the date and how to redeem: the part that matters at the till.
  const boxY = 112;
  page.drawRectangle({
    x: 40,
    y: boxY,
    width: width - 80,
    height: 52,
    color: rgb(1, 1, 1),
    borderColor: gold,
    borderWidth: 1,
  });
  page.drawText("Code", { x: 52, y: boxY + 33, size: 9, font: sans, color: muted });
  page.drawText(voucher.code, { x: 52, y: boxY + 12, size: 18, font: sansBold, color: ink });
  const expiry = `Valid until ${formatLastDay(voucher.expiresAt)}`;
  page.drawText(expiry, {
    x: width - 52 - sans.widthOfTextAtSize(expiry, 11),
    y: boxY + 18,
    size: 11,
    font: sans,
    color: ink,
  });
  const how = [
    `To use it, enter the code when you book a session or pay at ${printable(voucher.siteUrl)}.`,
    "An amount can be spent over several visits; what is left stays on the voucher.",
    `Check the balance at ${printable(voucher.siteUrl)}/gift-vouchers/balance. Questions: ${printable(voucher.email)}`,
  ];
  let howY = 88;
  for (const line of how) {
    page.drawText(line, { x: 40, y: howY, size: 9, font: sans, color: muted });
    howY -= 13;
  }
  page.drawText(printable(voucher.practitioner), { x: 40, y: 30, size: 9, font: sansBold, color: plum });
  return pdf.save();
}
