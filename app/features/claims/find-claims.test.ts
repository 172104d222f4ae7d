import { describe, expect, it } from "vitest";
import { claimsToast, describeClaims, findClaims, findClaimsIn } from "./find-claims";

describe("claims she should not make", () => {
  it("finds cure, treat, diagnose and named conditions, each with its reason", () => {
    const found = findClaims("Reiki cured my anxiety and can treat cancer. The ZYTO scan diagnoses allergies.");
    expect(found.map((f) => f.id)).toEqual(["cure", "treat", "diagnose", "condition"]);
    expect(found.find((f) => f.id === "condition")?.words).toEqual(["anxiety", "cancer", "allergies"]);
    expect(found.find((f) => f.id === "cure")?.reason).toContain("CAP Code 12.1");
    expect(found.find((f) => f.id === "diagnose")?.reason).toContain("skin conductance");
    expect(found.find((f) => f.id === "condition")?.reason).toContain("CAP Code 12.2");
  });

  it("says nothing of ordinary words, her brand, or words that merely contain one", () => {
    expect(
      findClaims("Sacred Healing: a calm, restful Reiki session. Treatment room in Bath. Secure checkout."),
    ).toEqual([]);
    expect(findClaims("A treatise on procurement and a treaty of diseasefree lands")).toEqual([]);
    expect(findClaims("Guided lessons on Reiki self-treatment for relaxation.")).toEqual([]);
    expect(findClaims("")).toEqual([]);
  });

  it("matches any case and the proven claims", () => {
    expect(findClaims("CLINICALLY PROVEN to HEAL Diabetes").map((f) => f.id)).toEqual(["condition", "proven"]);
    expect(findClaimsIn(["Title", null, "Helps with migraines", undefined]).map((f) => f.words)).toEqual([
      ["migraines"],
    ]);
  });

  it("fits the warning in a toast", () => {
    const long = findClaims("cure treat diagnose cancer clinically proven ".repeat(20));
    expect(describeClaims(long).length).toBeLessThanOrEqual(480);
    expect(claimsToast("Product saved.", long)).toMatchObject({ variant: "warning" });
  });
});
