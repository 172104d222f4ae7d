import { createHash } from "node:crypto";

/**
 * Whose booking draft a page keeps and finds (`ui/booking-draft.ts`): a hash of the account's id, so
 * that another client signing in on the same tab never finds hers, and the id itself is not stored.
 */
export const draftOwnerOf = (accountId: string): string =>
  createHash("sha256").update(`booking-draft ${accountId}`).digest("base64url").slice(0, 16);
