/** Spec §5 text sanitising: angle brackets and null characters are removed. */
export function sanitiseText(value: string): string {
  return value.replace(/[<>\0]/g, "");
}
