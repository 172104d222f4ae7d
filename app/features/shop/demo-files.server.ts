/**
 * Small real files for the demo catalogue, made on the spot so the repository carries no binaries.
 * No imports but types: scripts/make-seed-covers.ts runs this file with Node's type stripping.
 */
import type { Sharp } from "sharp";

/** A one-page PDF with a title and a few lines of text (Helvetica, A4). */
export function makeDemoPdf(title: string, lines: string[]): Buffer {
  const pdfText = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, "?");
  const text = [
    "BT /F1 22 Tf 56 770 Td",
    `(${pdfText(title)}) Tj`,
    "/F1 12 Tf 0 -36 Td 16 TL",
    ...lines.map((line) => `(${pdfText(line)}) '`),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** A mono 16-bit PCM WAV of a soft sine tone with a fade in and out. */
export function makeDemoTone(seconds: number, frequency: number, sampleRate = 8000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write("RIFF", 0, "ascii");
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write("WAVE", 8, "ascii");
  buffer.write("fmt ", 12, "ascii");
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write("data", 36, "ascii");
  buffer.writeUInt32LE(samples * 2, 40);
  const fade = sampleRate / 10;
  for (let i = 0; i < samples; i++) {
    const envelope = Math.min(1, i / fade, (samples - i) / fade);
    const value = Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 0.3 * envelope;
    buffer.writeInt16LE(Math.round(value * 32767), 44 + i * 2);
  }
  return buffer;
}

/** The file name of a product's cover made at build time, in build/server/seed-covers/. */
export function seedCoverFileName(id: string): string {
  return `${id}.webp`;
}

/** A product's cover as the seed stores it: its SVG drawn as WebP by sharp. */
export async function makeCoverWebp(sharp: (input: Buffer) => Sharp, title: string, hue: number): Promise<Buffer> {
  return sharp(Buffer.from(makeCoverSvg(title, hue)))
    .webp({ quality: 70 })
    .toBuffer();
}

/**
 * A soft two-colour cover with a drawn emblem, as SVG, turned into WebP by `makeCoverWebp`. No title on
 * it: the card and the page print the title beside it (issue 27: it read twice).
 */
export function makeCoverSvg(_title: string, hue: number, width = 1200, height = 630): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,78%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 60) % 360},45%,52%)"/>
    </linearGradient>
    <radialGradient id="r" cx="0.75" cy="0.3" r="0.5">
      <stop offset="0" stop-color="white" stop-opacity="0.55"/>
      <stop offset="1" stop-color="white" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.75}" cy="${height * 0.3}" r="${height * 0.45}" fill="url(#r)"/>
  <circle cx="${width * 0.2}" cy="${height * 0.85}" r="${height * 0.25}" fill="white" fill-opacity="0.12"/>
  <g fill="none" stroke="white" stroke-opacity="0.55" stroke-width="2">
    <circle cx="${width / 2}" cy="${height / 2}" r="${height * 0.16}"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height * 0.26}" stroke-opacity="0.35"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height * 0.36}" stroke-opacity="0.2"/>
  </g>
  <path fill="white" fill-opacity="0.8" d="M${width / 2} ${height / 2 - 34}c4 18 14 28 32 34-18 6-28 16-32 34-4-18-14-28-32-34 18-6 28-16 32-34z"/>
</svg>`;
}
