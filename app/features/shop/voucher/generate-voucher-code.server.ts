import { randomInt } from "node:crypto";
import { CODE_ALPHABET } from "./voucher-model";

/** A new code, `GIFT-` and four groups of four from a cryptographic source (about 79 bits of chance). */
export function generateVoucherCode(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(""),
  );
  return `GIFT-${groups.join("-")}`;
}
