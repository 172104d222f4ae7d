/**
 * The owner's view of her orders, as pure rules: the filter read from the address bar, the UK day
 * bounds it stands for, the CSV of the filtered orders and the sales-by-week chart (an SVG made on
 * the server; the browser runs no chart code).
 */
import { z } from "~/lib/zod";

export const ORDER_STATUS_FILTERS = ["all", "paid", "refunded"] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are written YYYY-MM-DD.")
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    "No such date.",
  );

export const orderFilterSchema = z
  .object({
    /** An e-mail or name (or part of one), a product or service, or an order id (or its first characters, '#' allowed). */
    q: z
      .string()
      .trim()
      .max(200, "A search is at most 200 characters.")
      .refine((v) => !v.includes("\0"), "A search cannot hold a null character.")
      .default(""),
    status: z.enum(ORDER_STATUS_FILTERS, "Status is all, paid or refunded.").default("all"),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    message: "The start date is after the end date.",
    path: ["to"],
  });

export type OrderFilter = z.infer<typeof orderFilterSchema>;

/** The filter in an address's query (empty fields left out). */
export function readOrderFilter(
  params: URLSearchParams,
): { ok: true; filter: OrderFilter } | { ok: false; message: string } {
  const raw = Object.fromEntries(
    ["q", "status", "from", "to"].flatMap((key) => {
      const value = params.get(key);
      return value === null || value.trim() === "" ? [] : [[key, value]];
    }),
  );
  const parsed = orderFilterSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "Invalid filter." };
  return { ok: true, filter: parsed.data };
}

/** The query string that asks for this filter again (for pages, the CSV and the chart). */
export function orderFilterQuery(filter: OrderFilter): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.status !== "all") params.set("status", filter.status);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  return params.toString();
}

/** Midnight in the UK (GMT or BST) at the start of a YYYY-MM-DD day, as an instant. */
export function ukDayStart(date: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  const ukHour = Number(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", hourCycle: "h23" }).format(
      utcMidnight,
    ),
  );
  return new Date(utcMidnight - ukHour * 3_600_000);
}

/** The UK calendar day (YYYY-MM-DD) an instant falls on. */
export function ukDay(instant: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The Monday (UK calendar) of the week a day is in. */
export function weekStart(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** Takings per week (Monday to Sunday, UK days) for the `weeks` weeks ending with the week of `endDay`. */
export function salesByWeek(sales: { at: Date; cents: number }[], endDay: string, weeks = 12) {
  const last = weekStart(endDay);
  const buckets = Array.from({ length: weeks }, (_, i) => ({
    week: addDays(last, (i - weeks + 1) * 7),
    cents: 0,
    orders: 0,
  }));
  const index = new Map(buckets.map((b, i) => [b.week, i]));
  for (const sale of sales) {
    const i = index.get(weekStart(ukDay(sale.at)));
    if (i === undefined) continue;
    const bucket = buckets[i] as (typeof buckets)[number];
    bucket.cents += sale.cents;
    bucket.orders += 1;
  }
  return buckets;
}

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const shortDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const pounds = (cents: number) =>
  `£${(cents / 100).toLocaleString("en-GB", { minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

/** The chart's drawn widths: a phone's (its text stays legible at a phone's width) and the rest. */
export const CHART_WIDTH = { narrow: 360, wide: 960 } as const;
export const CHART_HEIGHT = 260;

/** A bar chart of takings per week, as a standalone SVG document (with a title for screen readers). */
export function salesChartSvg(
  weeks: { week: string; cents: number }[],
  { width = CHART_WIDTH.wide as number } = {},
): string {
  const height = CHART_HEIGHT;
  const left = 56;
  const bottom = 40;
  const top = 16;
  const plotW = width - left - 8;
  const plotH = height - top - bottom;
  const max = Math.max(100, ...weeks.map((w) => w.cents));
  // A round top: 1, 2 or 5 times a power of ten pounds.
  const step =
    [1, 2, 5].map((m) => m * 10 ** Math.floor(Math.log10(max / 100))).find((s) => s * 100 * 4 >= max) ??
    10 ** Math.ceil(Math.log10(max / 100));
  const topCents = Math.ceil(max / (step * 100)) * step * 100;
  const slot = plotW / Math.max(1, weeks.length);
  // A date under every week that has room for one (about 52 units), counted back from the last week.
  const labelEvery = Math.max(1, Math.ceil(52 / slot));
  const y = (cents: number) => top + plotH - (cents / topCents) * plotH;
  const grid = Array.from({ length: Math.round(topCents / (step * 100)) + 1 }, (_, i) => i * step * 100)
    .map(
      (cents) =>
        `<line x1="${left}" x2="${width - 8}" y1="${y(cents).toFixed(1)}" y2="${y(cents).toFixed(1)}" stroke="#ede4f4"/><text x="${left - 6}" y="${(y(cents) + 4).toFixed(1)}" text-anchor="end">${escapeXml(pounds(cents))}</text>`,
    )
    .join("");
  const bars = weeks
    .map((w, i) => {
      const x = left + i * slot + slot * 0.15;
      const h = (w.cents / topCents) * plotH;
      const label =
        (weeks.length - 1 - i) % labelEvery === 0
          ? `<text x="${(x + slot * 0.35).toFixed(1)}" y="${height - bottom + 16}" text-anchor="middle">${escapeXml(shortDay(w.week))}</text>`
          : "";
      return `<rect x="${x.toFixed(1)}" y="${(top + plotH - h).toFixed(1)}" width="${(slot * 0.7).toFixed(1)}" height="${h.toFixed(1)}" rx="3" fill="#56306f"><title>${escapeXml(`Week of ${shortDay(w.week)}: ${pounds(w.cents)}`)}</title></rect>${label}`;
    })
    .join("");
  const total = weeks.reduce((sum, w) => sum + w.cents, 0);
  const title = `Sales by week, ${weeks.length} weeks from ${weeks[0] ? shortDay(weeks[0].week) : ""}: ${pounds(total)} in all`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" font-family="system-ui, sans-serif" font-size="12" fill="#5c5363"><title>${escapeXml(title)}</title>${grid}${bars}</svg>`;
}

/** One CSV field: quoted when needed, and a leading formula character neutralised (spreadsheets run them). */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export type CsvOrder = {
  id: string;
  createdAt: Date;
  email: string;
  name?: string | undefined;
  status: string;
  items: string[];
  /** What the order took (after its discount), what the code took off, and what went back. */
  totalCents: number;
  discountCents: number;
  refundedCents: number;
  /** What a gift voucher paid (decision 048): money taken when the voucher was sold, not again now. */
  voucherCents?: number | undefined;
  provider: string;
  paymentRef: string | null;
  note: string | null;
};

export type CsvLine = {
  kind: string;
  title: string;
  amountCents: number;
  discountCents: number;
  refundedCents: number;
};

const gbp = (cents: number) => (cents / 100).toFixed(2);
const csv = (rows: string[][]) => `${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;

/**
 * The filtered orders as CSV (RFC 4180, CRLF), one row per order: amounts in pounds (gross before
 * the code, the discount, refunded so far, net kept), dates as UK days and UTC instants.
 */
export function ordersCsv(orders: CsvOrder[]): string {
  const header = [
    "Order",
    "Order id",
    "Date (UK)",
    "Time (UTC)",
    "E-mail",
    "Status",
    "Items",
    "Gross (GBP)",
    "Discount (GBP)",
    "Paid (GBP)",
    "Refunded (GBP)",
    "Net (GBP)",
    "Paid through",
    "Payment reference",
    "Note",
    "Paid by gift voucher (GBP)",
  ];
  const rows = orders.map((o) => [
    `#${o.id.slice(0, 8)}`,
    o.id,
    ukDay(o.createdAt),
    o.createdAt.toISOString(),
    o.email,
    o.status,
    o.items.join("; "),
    gbp(o.totalCents + o.discountCents + (o.voucherCents ?? 0)),
    gbp(o.discountCents),
    gbp(o.totalCents),
    gbp(o.refundedCents),
    gbp(o.totalCents - o.refundedCents),
    o.provider,
    o.paymentRef ?? "",
    o.note ?? "",
    gbp(o.voucherCents ?? 0),
  ]);
  return csv([header, ...rows]);
}

/**
 * Each line's part of what a gift voucher paid and was given back (decision 048), so that the lines'
 * money columns add up to their order's: the voucher's part is given to the lines in their order,
 * each at most what it took; what went back to the voucher, to the lines it paid first, then to any
 * line with a refund left. Pure.
 */
export function voucherPartsOfLines(
  lines: readonly CsvLine[],
  voucherCents: number,
  voucherRefundedCents: number,
): { paid: number; refunded: number }[] {
  let paidLeft = Math.max(0, voucherCents);
  const parts = lines.map((line) => {
    const paid = Math.min(paidLeft, line.amountCents);
    paidLeft -= paid;
    return { paid, refunded: 0 };
  });
  let refundLeft = Math.max(0, voucherRefundedCents);
  for (const pass of ["paid first", "any"] as const) {
    lines.forEach((line, i) => {
      const part = parts[i] as { paid: number; refunded: number };
      const room =
        (pass === "paid first" ? Math.min(line.refundedCents, part.paid) : line.refundedCents) - part.refunded;
      const given = Math.max(0, Math.min(refundLeft, room));
      part.refunded += given;
      refundLeft -= given;
    });
  }
  return parts;
}

/**
 * The same orders as CSV with one row per line: what each item took, gave back and kept. Paid,
 * Refunded and Net are money, as in the orders' CSV (a gift voucher's part in columns of its own), so
 * the lines of an order add up to its row there, and a voucher's sale is not counted twice.
 */
export function orderLinesCsv(orders: (CsvOrder & { lines: CsvLine[] })[]): string {
  const header = [
    "Order",
    "Date (UK)",
    "E-mail",
    "Kind",
    "Item",
    "Gross (GBP)",
    "Discount (GBP)",
    "Paid (GBP)",
    "Refunded (GBP)",
    "Net (GBP)",
    "Paid by gift voucher (GBP)",
    "Refunded to gift voucher (GBP)",
  ];
  const rows = orders.flatMap((o) => {
    const voucherRefunded = o.lines.reduce((sum, line) => sum + line.refundedCents, 0) - o.refundedCents;
    const parts = voucherPartsOfLines(o.lines, o.voucherCents ?? 0, voucherRefunded);
    return o.lines.map((line, i) => {
      const voucher = parts[i] ?? { paid: 0, refunded: 0 };
      const paid = line.amountCents - voucher.paid;
      const refunded = line.refundedCents - voucher.refunded;
      return [
        `#${o.id.slice(0, 8)}`,
        ukDay(o.createdAt),
        o.email,
        line.kind,
        line.title,
        gbp(line.amountCents + line.discountCents),
        gbp(line.discountCents),
        gbp(paid),
        gbp(refunded),
        gbp(paid - refunded),
        gbp(voucher.paid),
        gbp(voucher.refunded),
      ];
    });
  });
  return csv([header, ...rows]);
}
