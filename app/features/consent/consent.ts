import { useSyncExternalStore } from "react";

/** Stored in the browser under this key (spec §3: cookie preferences). */
export const CONSENT_KEY = "cookie-consent";

export type ConsentChoice = {
  consent: "all" | "necessary";
  preferences: { analytics: boolean; marketing: boolean };
};

const CHANGE_EVENT = "cookie-consent-change";

export function parseConsent(raw: string | null): ConsentChoice | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ConsentChoice>;
    if (value.consent !== "all" && value.consent !== "necessary") return null;
    return {
      consent: value.consent,
      preferences: {
        analytics: value.preferences?.analytics === true,
        marketing: value.preferences?.marketing === true,
      },
    };
  } catch {
    return null;
  }
}

/** Spec §4: 'all' when at least one optional category is on, else 'necessary'. */
export function choiceFromPreferences(preferences: ConsentChoice["preferences"]): ConsentChoice {
  return { consent: preferences.analytics || preferences.marketing ? "all" : "necessary", preferences };
}

export const acceptAll: ConsentChoice = { consent: "all", preferences: { analytics: true, marketing: true } };
export const rejectAll: ConsentChoice = { consent: "necessary", preferences: { analytics: false, marketing: false } };

export function saveConsent(choice: ConsentChoice) {
  localStorage.setItem(CONSENT_KEY, JSON.stringify(choice));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** 'Cookie Settings': forget the choice and reload, so the banner asks again. */
export function resetConsent() {
  localStorage.removeItem(CONSENT_KEY);
  window.location.reload();
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

const UNKNOWN = "unknown";

/**
 * The stored choice: `undefined` while rendering on the server (not known yet), `null` when the
 * visitor has not chosen.
 */
export function useConsent(): ConsentChoice | null | undefined {
  const raw = useSyncExternalStore(
    subscribe,
    () => localStorage.getItem(CONSENT_KEY),
    () => UNKNOWN,
  );
  return raw === UNKNOWN ? undefined : parseConsent(raw);
}

/**
 * Runs in the document head before the first paint: marks the page when a choice is stored, so the
 * server-rendered banner is hidden at once instead of flashing until the scripts have loaded.
 */
export const consentMarkerScript = `try{if(localStorage.getItem(${JSON.stringify(CONSENT_KEY)}))document.documentElement.setAttribute("data-consent-stored","")}catch(e){}`;
