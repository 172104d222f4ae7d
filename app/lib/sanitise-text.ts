/**
 * Spec §5 text sanitising: angle brackets and null characters are removed. So are the controls that
 * reorder text as it is shown (the bidirectional embeddings, overrides and isolates, U+202A-U+202E and
 * U+2066-U+2069): in a note or a message they can make "evil" read as "live" to the practitioner.
 * The marks that only say a direction (U+200E, U+200F) are kept, as right-to-left writing needs them.
 */
export function sanitiseText(value: string): string {
  return value.replace(/[<>\0\u202A-\u202E\u2066-\u2069]/g, "");
}
