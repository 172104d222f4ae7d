import { useEffect, useRef } from "react";

/**
 * What a client has chosen and written on the booking page, kept across a detour to the health
 * questions: the time, the place and her note (not a voucher's code, which is as good as cash). Kept
 * in this tab's session storage, not the address, where a note would reach logs and history; put
 * back once, on her return within the hour, and otherwise forgotten.
 */
const FIELDS = ["start", "place", "note"] as const;
const KEPT_MS = 60 * 60_000;

const keyOf = (serviceId: string) => `booking-draft:${serviceId}`;

/** Keeps the form's choices for this service; called as she follows the link away. */
export function keepBookingDraft(form: HTMLFormElement | null, serviceId: string) {
  if (!form) return;
  const values = new FormData(form);
  const draft: Record<string, string | number> = { savedAt: Date.now() };
  for (const field of FIELDS) {
    const value = values.get(field);
    if (typeof value === "string" && value) draft[field] = value;
  }
  try {
    sessionStorage.setItem(keyOf(serviceId), JSON.stringify(draft));
  } catch {
    // Storage refused (private mode, full): she chooses again, as before.
  }
}

/**
 * Puts a kept draft back into the form, once. A time no longer free is not chosen again (its radio
 * button is gone); the rest is.
 */
export function restoreBookingDraft(form: HTMLFormElement | null, serviceId: string) {
  if (!form) return;
  let draft: unknown;
  try {
    const raw = sessionStorage.getItem(keyOf(serviceId));
    if (!raw) return;
    sessionStorage.removeItem(keyOf(serviceId));
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
 * way out to the health questions.
 */
export function useBookingDraft(serviceId: string) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => restoreBookingDraft(formRef.current, serviceId), [serviceId]);
  return { formRef, keep: () => keepBookingDraft(formRef.current, serviceId) };
}
