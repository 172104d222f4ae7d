import type { Sharp, SharpOptions } from "sharp";

type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp;

let loading: Promise<SharpFactory> | undefined;

/**
 * sharp (libvips), loaded with the first image rather than at start: a running shop makes images only
 * when the owner uploads one (and the seed, once). Its cache of decoded images and its thread count are
 * kept small, for a server inside 512 MB (decision 027).
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache({ memory: 16, items: 20, files: 0 });
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
