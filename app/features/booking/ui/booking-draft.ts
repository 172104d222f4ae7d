import { useEffect, useRef } from "react";
import { BOOKING_DRAFT_PREFIX } from "./forget-booking-drafts";

/**
 * What a client has chosen and written on the booking page, kept across a detour to the health
 * questions: the time, the place and her note (not a voucher's code, which is as good as cash). Kept
 * in this tab's session storage, not the address, where a note would reach logs and history; put
 * back once, on her return within the hour, and otherwise forgotten; forgotten too as soon as a page
 * finds nobody signed in (`forgetBookingDrafts`).
 */
const FIELDS = ["start", "place", "note"] as const;
const KEPT_MS = 60 * 60_000;

/** Per service and per account: another client signing in on the same tab never finds it. */
const keyOf = (serviceId: string, owner: string) => `${BOOKING_DRAFT_PREFIX}${serviceId}:${owner}`;

/** Keeps the form's choices for this service; called as she follows the link away. */
export function keepBookingDraft(form: HTMLFormElement | null, serviceId: string, owner: string) {
  if (!form) return;
  const values = new FormData(form);
  const draft: Record<string, string | number> = { savedAt: Date.now() };
  for (const field of FIELDS) {
    const value = values.get(field);
    if (typeof value === "string" && value) draft[field] = value;
  }
  try {
    sessionStorage.setItem(keyOf(serviceId, owner), JSON.stringify(draft));
  } catch {
    // Storage refused (private mode, full): she chooses again, as before.
  }
}

/**
 * Puts a kept draft back into the form, once. A time no longer free is not chosen again (its radio
 * button is gone); the rest is.
 */
export function restoreBookingDraft(form: HTMLFormElement | null, serviceId: string, owner: string) {
  if (!form) return;
  let draft: unknown;
  try {
    const raw = sessionStorage.getItem(keyOf(serviceId, owner));
    if (!raw) return;
    sessionStorage.removeItem(keyOf(serviceId, owner));
    draft = JSON.parse(raw);
  } catch {
    return;
  }
  if (!draft || typeof draft !== "object") return;
  const kept = draft as Record<string, unknown>;
  if (typeof kept.savedAt !== "number" || Date.now() - kept.savedAt > KEPT_MS) return;
  // Element by element, so one free time (a single radio button) is treated as several are.
  for (const element of form.elements) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) continue;
    const value = (FIELDS as readonly string[]).includes(element.name) ? kept[element.name] : undefined;
    if (typeof value !== "string") continue;
    // A time or place is chosen again only if its button is still there (a time may have gone).
    if (element instanceof HTMLInputElement && element.type === "radio") {
      if (element.value === value) element.checked = true;
    } else element.value = value;
  }
}

/**
 * The booking form's draft: `formRef` for its form, put back on arrival (once), and `keep` for the
 * way out to the health questions. `owner` names the signed-in account (a hash the page is given).
 */
export function useBookingDraft(serviceId: string, owner: string | null) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (owner) restoreBookingDraft(formRef.current, serviceId, owner);
  }, [serviceId, owner]);
  return { formRef, keep: () => (owner ? keepBookingDraft(formRef.current, serviceId, owner) : undefined) };
}
