import { describe, expect, it } from "vitest";
import { refusalOf, valuesFrom } from "./action-data";

const defaults = { title: "Stored", online: true, days: ["mon"] as string[] };

describe("valuesFrom", () => {
  it("is the defaults without a refusal", () => {
    expect(valuesFrom(defaults, undefined)).toBe(defaults);
  });

  it("is the form as posted, shaped like the defaults: unposted boxes unticked, one ticked box a list", () => {
    expect(valuesFrom(defaults, { title: "Typed", days: "tue" })).toEqual({
      title: "Typed",
      online: false,
      days: ["tue"],
    });
    expect(valuesFrom(defaults, { online: "on" })).toEqual({ title: "", online: true, days: [] });
  });
});

describe("refusalOf", () => {
  const refused = {
    ok: false as const,
    intent: "save",
    toast: { title: "Validation Error" },
    errors: [],
    fieldErrors: {},
    submitted: {},
  };
  it("is the refusal of the intent asked about, and nothing for another or a success", () => {
    expect(refusalOf(refused, "save")).toBe(refused);
    expect(refusalOf(refused)).toBe(refused);
    expect(refusalOf(refused, "delete")).toBeUndefined();
    expect(refusalOf({ ok: true, intent: "save", toast: { title: "Saved" } }, "save")).toBeUndefined();
    expect(refusalOf(undefined)).toBeUndefined();
  });
});
