import { describe, expect, it } from "vitest";
import { applyChange } from "./apply-intake-change";
import { checkIntakeAnswers, DEFAULT_QUESTIONS, describeAnswer, INTAKE_MESSAGES, questionIdFor } from "./intake-model";

const complete = {
  "q-hopes": "Calm",
  "q-pregnant": "no",
  "q-implanted-device": "yes",
  "q-epilepsy": "no",
  "q-touch": "Distance healing",
};

describe("a client's intake answers", () => {
  it("takes answers to the default form's required questions, leaving unanswered optional ones out", () => {
    const checked = checkIntakeAnswers(DEFAULT_QUESTIONS, { ...complete, "q-medication": "  ", extra: "dropped" });
    expect(checked).toEqual({
      ok: true,
      answers: { hopes: "Calm", pregnant: "no", "implanted-device": "yes", epilepsy: "no", touch: "Distance healing" },
    });
  });

  it("says which answers are missing or not one of the choices, by field", () => {
    const checked = checkIntakeAnswers(DEFAULT_QUESTIONS, {
      ...complete,
      "q-pregnant": "maybe",
      "q-touch": "Reflexology",
      "q-birth-date": "1990-02-30",
      "q-hopes": "",
    });
    expect(checked).toEqual({
      ok: false,
      fieldErrors: {
        "q-hopes": INTAKE_MESSAGES.answerRequired,
        "q-pregnant": INTAKE_MESSAGES.badChoice,
        "q-touch": INTAKE_MESSAGES.badChoice,
        "q-birth-date": INTAKE_MESSAGES.badDate,
      },
    });
  });

  it("reads answers as a person would", () => {
    const [, pregnant] = DEFAULT_QUESTIONS;
    expect(describeAnswer(pregnant, "yes")).toBe("Yes");
    expect(describeAnswer(DEFAULT_QUESTIONS.at(-1), "1980-04-02")).toBe("2 April 1980");
  });
});

describe("the practitioner's edits of the form", () => {
  const question = { label: "Any allergies?", help: "", kind: "text" as const, options: ["x"], required: false };

  it("adds a question with an id of its own, and moves and removes questions", () => {
    const added = applyChange(DEFAULT_QUESTIONS, { kind: "add", question });
    expect(added.at(-1)).toMatchObject({ id: "any-allergies", options: [], required: false });
    const moved = applyChange(added, { kind: "move", id: "any-allergies", direction: "up" });
    expect(moved.at(-2)?.id).toBe("any-allergies");
    expect(applyChange(moved, { kind: "move", id: "hopes", direction: "up" })).toBe(moved);
    expect(applyChange(moved, { kind: "remove", id: "any-allergies" }).map((q) => q.id)).toEqual(
      DEFAULT_QUESTIONS.map((q) => q.id),
    );
    expect(() => applyChange(moved, { kind: "remove", id: "gone" })).toThrow("no longer on the form");
    expect(questionIdFor("Any allergies?", ["any-allergies"])).toBe("any-allergies-2");
  });
});
