import { describe, expect, it } from "vitest";
import { diaryRange, readDiaryQuery } from "./diary-range";

describe("the diary's range", () => {
  it("a week runs Monday to Sunday around the date, across a month's end", () => {
    const week = diaryRange("week", "2026-12-02");
    expect(week.from).toBe("2026-11-30");
    expect(week.to).toBe("2026-12-07");
    expect(week.days).toHaveLength(7);
    expect(week.previous).toBe("2026-11-25");
  });

  it("a month is the whole weeks around it, and steps month by month", () => {
    const month = diaryRange("month", "2026-03-18");
    expect(month.from).toBe("2026-02-23");
    expect(month.to).toBe("2026-04-06");
    expect(month.days.length % 7).toBe(0);
    expect(month.previous).toBe("2026-02-01");
    expect(month.next).toBe("2026-04-01");
    expect(month.title).toBe("March 2026");
  });

  it("reads any date, past or far ahead, and falls back to this week on nonsense", () => {
    expect(readDiaryQuery(new URLSearchParams("view=day&date=2019-05-04"), "2026-11-25").from).toBe("2019-05-04");
    expect(readDiaryQuery(new URLSearchParams("view=month&date=2031-01-09"), "2026-11-25").title).toBe("January 2031");
    const fallback = readDiaryQuery(new URLSearchParams("view=year&date=2026-02-31x"), "2026-11-25");
    expect(fallback.view).toBe("week");
    expect(fallback.from).toBe("2026-11-23");
  });
});
