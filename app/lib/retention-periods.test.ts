import { describe, expect, it } from "vitest";
import { privacy } from "~/content/legal/privacy";
import { complaintDeadlines, complaintReference } from "~/features/rights/complaint-dates";
import { daysAgo, RETENTION, retentionSentences, yearsAgo } from "./retention-periods";

describe("retention periods", () => {
  it("are what the Privacy Policy states", () => {
    const site = { seller: { legalName: "X", address: "Y" }, brand: "B", email: "e@example.com" };
    const text = JSON.stringify(privacy(site as Parameters<typeof privacy>[0]));
    for (const sentence of retentionSentences) expect(text).toContain(sentence);
    expect(retentionSentences.join(" ")).toContain(`kept for ${RETENTION.financialRecordYears} years`);
    expect(retentionSentences.join(" ")).toContain(`deleted after ${RETENTION.unconfirmedSignUpDays} days`);
  });

  it("count days and calendar years back from now", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    expect(daysAgo(now, 7).toISOString()).toBe("2026-11-18T12:00:00.000Z");
    expect(yearsAgo(now, 6).toISOString()).toBe("2020-11-25T12:00:00.000Z");
  });
});

describe("a complaint's clock", () => {
  it("is 30 days for both the acknowledgement and the answer, with a short reference", () => {
    const { acknowledgeBy, answerBy } = complaintDeadlines(new Date("2026-11-25T10:00:00Z"));
    expect(answerBy.toISOString()).toBe("2026-12-25T10:00:00.000Z");
    expect(acknowledgeBy).toEqual(answerBy);
    expect(complaintReference("e7c8f44f-0000-4000-8000-000000000000")).toBe("DP-E7C8F44F");
  });
});
