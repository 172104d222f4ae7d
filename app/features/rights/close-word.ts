/** What she types to confirm closing, so a stray click never closes an account. */
export const CLOSE_WORD = "CLOSE";
