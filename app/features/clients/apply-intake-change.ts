/**
 * One edit of the intake form applied to its questions, as a pure rule (the server saves the result
 * as the next version): add, edit, move up or down, remove.
 */
import { AppError } from "~/lib/app-error";
import type { QuestionInput } from "./intake-form-schema";
import { INTAKE_LIMITS, type IntakeQuestion, questionIdFor } from "./intake-model";

export type IntakeFormChange =
  | { kind: "add"; question: QuestionInput }
  | { kind: "update"; id: string; question: QuestionInput }
  | { kind: "move"; id: string; direction: "up" | "down" }
  | { kind: "remove"; id: string };

const NOT_FOUND = "That question is no longer on the form. Please reload the page.";

/** The questions after one change; throws an AppError for a question that is not there. */
export function applyChange(questions: IntakeQuestion[], change: IntakeFormChange): IntakeQuestion[] {
  const index = change.kind === "add" ? -1 : questions.findIndex((q) => q.id === change.id);
  if (change.kind !== "add" && index < 0) throw new AppError("not_found", NOT_FOUND);
  const shape = (input: QuestionInput) => ({
    kind: input.kind,
    label: input.label,
    help: input.help,
    options: input.kind === "choice" ? input.options : [],
    required: input.required,
  });
  switch (change.kind) {
    case "add":
      if (questions.length >= INTAKE_LIMITS.questions)
        throw new AppError("invalid_request", `The form holds at most ${INTAKE_LIMITS.questions} questions.`);
      return [
        ...questions,
        {
          id: questionIdFor(
            change.question.label,
            questions.map((q) => q.id),
          ),
          ...shape(change.question),
        },
      ];
    case "update":
      return questions.map((q, i) => (i === index ? { id: q.id, ...shape(change.question) } : q));
    case "move": {
      const to = change.direction === "up" ? index - 1 : index + 1;
      if (to < 0 || to >= questions.length) return questions;
      const moved = [...questions];
      [moved[index], moved[to]] = [moved[to] as IntakeQuestion, moved[index] as IntakeQuestion];
      return moved;
    }
    case "remove":
      if (questions.length === 1) throw new AppError("invalid_request", "The form needs at least one question.");
      return questions.filter((q) => q.id !== change.id);
  }
}
