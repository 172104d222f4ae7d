/**
 * Words in her own text that the advertising rules may not allow (decision 050). The CAP Code (rule
 * 12.1) asks for robust evidence behind any claim to treat or cure, and (12.2) forbids discouraging
 * essential treatment for conditions that need a doctor; the ASA's guidance on Reiki says it has seen
 * no such evidence for Reiki; the ZYTO device is cleared (FDA) only to measure skin conductance, not
 * to diagnose or detect anything. This is a warning she reads before publishing, never a block: the
 * words can be fine in context ("this is not a cure"), and only she can judge that. Pure.
 */

export type ClaimRule = { id: string; pattern: RegExp; reason: string };
export type FoundClaim = { id: string; words: string[]; reason: string };

const CURE =
  "A claim to cure needs robust evidence (CAP Code 12.1); the ASA has seen none for Reiki or other energy healing.";
const TREAT =
  "Offering to treat an illness needs robust evidence (CAP Code 12.1); describe what a session is like rather than what it treats.";
const DIAGNOSE =
  "Only a medical professional diagnoses. The ZYTO device is cleared only to measure skin conductance, not to diagnose or detect anything.";
const CONDITION =
  "This names a medical condition. Do not suggest Reiki or a scan helps with a condition that needs a doctor (CAP Code 12.2; the ASA's guidance on Reiki).";
const PROVEN = "A claim that something is proven needs the proof to hold it (CAP Code 12.1).";

/** Medical conditions she may name by accident (British and American spellings). */
const CONDITIONS = [
  "cancers?",
  "tumou?rs?",
  "diabetes",
  "depression",
  "anxiety disorders?",
  "anxiety",
  "arthritis",
  "asthma",
  "multiple sclerosis",
  "fibromyalgia",
  "chronic fatigue",
  "dementia",
  "alzheimer'?s",
  "parkinson'?s",
  "epilepsy",
  "hiv",
  "aids",
  "infertility",
  "hypertension",
  "high blood pressure",
  "heart disease",
  "strokes?",
  "ptsd",
  "ocd",
  "adhd",
  "autism",
  "eczema",
  "psoriasis",
  "migraines?",
  "ibs",
  "insomnia",
  "covid(?:-19)?",
  "long covid",
  "allerg(?:y|ies)",
  "intolerances?",
  "addictions?",
  "obesity",
  "chronic pain",
  "infections?",
  "disease",
  "illness(?:es)?",
];

export const CLAIM_RULES: readonly ClaimRule[] = [
  { id: "cure", pattern: /\b(?:cure[sd]?|curing|curative)\b/gi, reason: CURE },
  // Reiki "self-treatment" is the practice itself, not a claim.
  { id: "treat", pattern: /(?<!self-)\b(?:treat(?:s|ed|ing)?|treatments? (?:for|of))\b/gi, reason: TREAT },
  { id: "diagnose", pattern: /\b(?:diagnos(?:e[sd]?|is|es|ing|tic)|detects?|detecting)\b/gi, reason: DIAGNOSE },
  { id: "condition", pattern: new RegExp(`\\b(?:${CONDITIONS.join("|")})\\b`, "gi"), reason: CONDITION },
  { id: "proven", pattern: /\b(?:clinically|scientifically|medically) (?:proven|tested)\b/gi, reason: PROVEN },
];

/** What in this text may be a claim she should not make: each rule once, with the words it found. */
export function findClaims(text: string): FoundClaim[] {
  const found: FoundClaim[] = [];
  for (const rule of CLAIM_RULES) {
    const words = [...new Set([...text.matchAll(rule.pattern)].map((m) => m[0].toLowerCase()))];
    if (words.length) found.push({ id: rule.id, words, reason: rule.reason });
  }
  return found;
}

/** The same over several fields (a product's title, summary and description), each rule once. */
export function findClaimsIn(texts: readonly (string | null | undefined)[]): FoundClaim[] {
  return findClaims(texts.filter(Boolean).join("\n"));
}

/** The warning as one short text (a toast holds 500 characters): the words, then each reason. */
export function describeClaims(found: FoundClaim[]): string {
  const text = found.map((claim) => `"${claim.words.slice(0, 3).join('", "')}": ${claim.reason}`).join(" ");
  return text.length <= 480 ? text : `${text.slice(0, 477)}...`;
}

/** The toast a save answers with when its text holds such words: saved, with the warning. */
export function claimsToast(saved: string, found: FoundClaim[]) {
  return {
    title: `${saved} Check the wording: it may make a health claim`,
    description: describeClaims(found),
    variant: "warning" as const,
  };
}

/** Every text in a saved form's values (strings and lists of strings), for `findClaimsIn`. */
export function textsOf(values: Record<string, unknown>): string[] {
  return Object.values(values).flatMap((value) =>
    typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((v) => typeof v === "string") : [],
  );
}

/** A save's toast, or the claims warning in its place when the saved text holds such words. */
export function withClaimsWarning<T extends { title: string; description?: string }>(
  toast: T,
  texts: readonly (string | null | undefined)[],
) {
  const found = findClaimsIn(texts);
  if (!found.length) return toast;
  return claimsToast(`${toast.description ?? toast.title}`, found);
}
