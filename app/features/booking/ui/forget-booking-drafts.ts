/** Where a booking page keeps its draft in the tab's session storage (`booking-draft.ts`). */
export const BOOKING_DRAFT_PREFIX = "booking-draft:";

/**
 * Forgets every booking draft this tab keeps: called wherever nobody is signed in (after Sign Out, or
 * when the session has ended), so a note she wrote is not left in the tab for the next person to read.
 */
export function forgetBookingDrafts() {
  try {
    for (let i = sessionStorage.length - 1; i >= 0; i--) {
      const key = sessionStorage.key(i);
      if (key?.startsWith(BOOKING_DRAFT_PREFIX)) sessionStorage.removeItem(key);
    }
  } catch {
    // No storage (refused, private mode): nothing was kept.
  }
}
