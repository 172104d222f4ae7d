import { loadSharp } from "~/lib/load-sharp.server";
import type { PictureSlot } from "./picture-slots";

export type MadeSize = { width: number; height: number; avif: Buffer; webp: Buffer };

/**
 * Her picture cut to a place's shape (around its most interesting part) at each of the place's
 * widths, as AVIF and WebP. A width larger than her picture can fill is left out rather than
 * enlarged; a picture smaller than the place's smallest width still gets one size, its own.
 */
export async function makePictureSizes(master: Buffer, slot: PictureSlot): Promise<MadeSize[]> {
  const sharp = await loadSharp();
  const meta = await sharp(master).metadata();
  const ratio = slot.aspect.width / slot.aspect.height;
  // The widest crop of the slot's shape her picture holds.
  const fits = Math.floor(Math.min(meta.width ?? 0, (meta.height ?? 0) * ratio));
  const wanted = slot.widths.filter((width) => width <= fits);
  const widths = wanted.length > 0 ? wanted : [Math.max(1, fits)];
  const made: MadeSize[] = [];
  // One size after the other: two decodes at once would double the peak memory (decision 027).
  for (const width of widths) {
    const height = Math.round(width / ratio);
    const cut = sharp(master).resize(width, height, { fit: "cover", position: "attention" });
    const webp = await cut.clone().webp({ quality: 80 }).toBuffer();
    const avif = await cut.clone().avif({ quality: 55, effort: 3 }).toBuffer();
    made.push({ width, height, avif, webp });
  }
  return made;
}
