/**
 * The intake form and its answers, as pure rules (decision 046): the kinds of question, the default
 * form for Reiki and ZYTO, the consent wording, and the checks on a form the practitioner saves and
 * on the answers a client sends. Shared by the browser and the server (no I/O).
 */
import { zytoContent } from "~/content/zyto";

export const QUESTION_KINDS = ["text", "yes_no", "choice", "date"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  text: "Text",
  yes_no: "Yes / no",
  choice: "Choice",
  date: "Date",
};

export type IntakeQuestion = {
  /** Stable across versions, so answers keep their question when the form is reordered. */
  id: string;
  kind: QuestionKind;
  label: string;
  help: string;
  /** A choice question's options, in order; empty for other kinds. */
  options: string[];
  required: boolean;
};

export type IntakeForm = { version: number; questions: IntakeQuestion[] };

/** Answers by question id: text, "yes" / "no", one of the options, or a YYYY-MM-DD date. */
export type IntakeAnswers = Record<string, string>;

export const INTAKE_LIMITS = {
  questions: 40,
  label: 300,
  help: 500,
  options: 12,
  option: 120,
  answer: 2000,
} as const;

/** The form a new practice starts with: what a Reiki practitioner and a ZYTO scan need to know. */
export const DEFAULT_QUESTIONS: IntakeQuestion[] = [
  {
    id: "hopes",
    kind: "text",
    label: "What would you like to gain from your sessions?",
    help: "A feeling, a worry you carry, or simply curiosity: all are welcome.",
    options: [],
    required: true,
  },
  {
    id: "pregnant",
    kind: "yes_no",
    label: "Are you pregnant, or could you be?",
    help: "",
    options: [],
    required: true,
  },
  {
    id: "implanted-device",
    kind: "yes_no",
    label: "Do you have a pacemaker or another implanted electronic device?",
    help: "This matters for a ZYTO scan, which passes a very small current through a hand cradle.",
    options: [],
    required: true,
  },
  {
    id: "epilepsy",
    kind: "yes_no",
    label: "Do you have epilepsy, or have you had a seizure?",
    help: "",
    options: [],
    required: true,
  },
  {
    id: "medication",
    kind: "text",
    label: "Are you taking any medication? If so, which?",
    help: "Leave empty if none.",
    options: [],
    required: false,
  },
  {
    id: "conditions",
    kind: "text",
    label: "Is there any other health condition or injury I should know about?",
    help: "Leave empty if none.",
    options: [],
    required: false,
  },
  {
    id: "touch",
    kind: "choice",
    label: "How would you prefer to receive Reiki?",
    help: "You can change your mind at any session.",
    options: ["Hands-on (light touch)", "Hands just above the body", "Distance healing", "No preference"],
    required: true,
  },
  {
    id: "birth-date",
    kind: "date",
    label: "Date of birth",
    help: "Optional.",
    options: [],
    required: false,
  },
];

/**
 * The health consent, word for word as the client ticks it: it is recorded with each consent, so it
 * is worded once, here. A change of wording is a new consent for clients who answer after it.
 */
export const HEALTH_CONSENT_WORDING =
  "I consent to my answers to these health questions being stored and used by my practitioner only to prepare and give my sessions. I can withdraw this consent at any time from My Sessions; my answers are then erased.";

/** What a client acknowledges before booking a ZYTO scan: the page's Important Notes (spec §1). */
export const SCAN_DISCLAIMER_WORDING = `I have read the Important Notes: ${zytoContent.importantNotes.items.join(" ")}`;

export const INTAKE_MESSAGES = {
  required: "Please answer the health questions before booking your session.",
  outdated: "The health questions have changed since you last answered them. Please review them before booking.",
  consent: "Please tick the box to consent to your health answers being stored, or contact the practitioner.",
  disclaimer: "Please confirm that you have read the Important Notes about the scan.",
  answerRequired: "Please answer this question.",
  badChoice: "Please choose one of the options.",
  badDate: "Please give a date as day, month and year.",
  tooLong: `An answer is at most ${INTAKE_LIMITS.answer} characters.`,
} as const;

export type AnswerCheck = { ok: true; answers: IntakeAnswers } | { ok: false; fieldErrors: Record<string, string> };

const isDate = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/**
 * Checks what a client sent against the form's questions: every required one answered, a yes/no is
 * yes or no, a choice is one of its options, a date is a real date. Unknown fields are dropped;
 * unanswered optional questions are left out. Field errors are keyed `q-<question id>`.
 */
export function checkIntakeAnswers(questions: IntakeQuestion[], sent: Record<string, unknown>): AnswerCheck {
  const answers: IntakeAnswers = {};
  const fieldErrors: Record<string, string> = {};
  for (const question of questions) {
    const field = `q-${question.id}`;
    const raw = sent[field];
    const value = typeof raw === "string" ? raw.replace(/\r\n?/g, "\n").trim() : "";
    if (value === "") {
      if (question.required) fieldErrors[field] = INTAKE_MESSAGES.answerRequired;
      continue;
    }
    if (value.length > INTAKE_LIMITS.answer) fieldErrors[field] = INTAKE_MESSAGES.tooLong;
    else if (question.kind === "yes_no" && value !== "yes" && value !== "no")
      fieldErrors[field] = INTAKE_MESSAGES.badChoice;
    else if (question.kind === "choice" && !question.options.includes(value))
      fieldErrors[field] = INTAKE_MESSAGES.badChoice;
    else if (question.kind === "date" && !isDate(value)) fieldErrors[field] = INTAKE_MESSAGES.badDate;
    else answers[question.id] = value;
  }
  return Object.keys(fieldErrors).length ? { ok: false, fieldErrors } : { ok: true, answers };
}

/** An answer as a person reads it. */
export function describeAnswer(question: IntakeQuestion | undefined, value: string): string {
  if (question?.kind === "yes_no") return value === "yes" ? "Yes" : "No";
  if (question?.kind === "date") {
    const date = new Date(`${value}T12:00:00Z`);
    return Number.isNaN(date.getTime())
      ? value
      : date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  }
  return value;
}

/** A question's id made from its label, unique among `taken`. */
export function questionIdFor(label: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base =
    label
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "question";
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  return id;
}
