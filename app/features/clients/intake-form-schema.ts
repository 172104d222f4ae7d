/**
 * The practitioner's edits of the intake form, as the admin page posts them (decision 042's form
 * kit): one schema per intent. Pure, shared by the page and its action.
 */
import { z } from "~/lib/zod";
import { INTAKE_LIMITS, QUESTION_KINDS } from "./intake-model";

const questionId = z.string().regex(/^[a-z0-9-]{1,60}$/, "No such question.");

const questionFields = {
  label: z
    .string()
    .trim()
    .min(1, "Please write the question.")
    .max(INTAKE_LIMITS.label, `A question is at most ${INTAKE_LIMITS.label} characters.`),
  help: z.string().trim().max(INTAKE_LIMITS.help, `A hint is at most ${INTAKE_LIMITS.help} characters.`).default(""),
  kind: z.enum(QUESTION_KINDS, "Please choose a kind of question."),
  /** One option per line. */
  options: z
    .string()
    .default("")
    .transform((text) =>
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().max(INTAKE_LIMITS.option, `An option is at most ${INTAKE_LIMITS.option} characters.`))
        .max(INTAKE_LIMITS.options, `A question has at most ${INTAKE_LIMITS.options} options.`),
    ),
  required: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
};

const withOptionsRule = <T extends { kind: string; options: string[] }>(question: T, ctx: z.RefinementCtx) => {
  if (question.kind === "choice" && question.options.length < 2)
    ctx.addIssue({ code: "custom", path: ["options"], message: "A choice needs at least two options, one per line." });
  if (question.kind === "choice" && new Set(question.options).size !== question.options.length)
    ctx.addIssue({ code: "custom", path: ["options"], message: "Each option must be different." });
};

export const addQuestionSchema = z.object(questionFields).superRefine(withOptionsRule);
export const updateQuestionSchema = z.object({ id: questionId, ...questionFields }).superRefine(withOptionsRule);
export const moveQuestionSchema = z.object({ id: questionId, direction: z.enum(["up", "down"]) });
export const removeQuestionSchema = z.object({ id: questionId });

export type QuestionInput = z.output<typeof addQuestionSchema>;
