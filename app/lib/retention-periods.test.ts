import { describe, expect, it } from "vitest";
import { privacy } from "~/content/legal/privacy";
import { complaintDeadlines, complaintReference } from "~/features/rights/complaint-dates";
import { booksKeptUntil, daysAgo, RETENTION, retentionSentences, yearsAgo } from "./retention-periods";

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

describe("a closed account's books", () => {
  it("are kept six years after the end of the tax year it closed in (5 April, London time)", () => {
    // Closed on 1 May 2026: a sale that day is in the tax year to 5 April 2027, whose return is due
    // by 31 January 2028; HMRC wants its records until 31 January 2033. Six years from the closing
    // (1 May 2032) would be nine months early.
    expect(booksKeptUntil(new Date("2026-05-01T10:00:00Z")).toISOString()).toBe("2033-04-05T23:00:00.000Z");
    // On 5 April itself, late in the evening in London, still the tax year ending that day.
    expect(booksKeptUntil(new Date("2026-04-05T22:30:00Z")).toISOString()).toBe("2032-04-05T23:00:00.000Z");
    // Just after midnight on 6 April in London (still 5 April in UTC): the next tax year.
    expect(booksKeptUntil(new Date("2026-04-05T23:30:00Z")).toISOString()).toBe("2033-04-05T23:00:00.000Z");
    // A closing in winter: the tax year ends the coming April.
    expect(booksKeptUntil(new Date("2026-12-31T12:00:00Z")).toISOString()).toBe("2033-04-05T23:00:00.000Z");
    expect(booksKeptUntil(new Date("2027-01-15T12:00:00Z")).toISOString()).toBe("2033-04-05T23:00:00.000Z");
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
