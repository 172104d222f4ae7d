import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertyRuns } from "../../../../tests/support/property-runs";
import { addMonths, reminderDue } from "./reminder-due";

const d = (iso: string) => new Date(`${iso}T09:00:00Z`);

describe("the renewal reminder", () => {
  it("is owed before the first renewal six months after joining, in the week before it", () => {
    const memberSince = d("2027-01-10");
    expect(reminderDue({ renewsAt: d("2027-06-10"), memberSince, lastReminded: null, now: d("2027-06-05") })).toBe(
      false,
    );
    expect(reminderDue({ renewsAt: d("2027-07-10"), memberSince, lastReminded: null, now: d("2027-07-01") })).toBe(
      false,
    );
    expect(reminderDue({ renewsAt: d("2027-07-10"), memberSince, lastReminded: null, now: d("2027-07-04") })).toBe(
      true,
    );
    expect(reminderDue({ renewsAt: d("2027-07-10"), memberSince, lastReminded: null, now: d("2027-07-11") })).toBe(
      false,
    );
  });

  it("then every six months after the last one", () => {
    const memberSince = d("2027-01-10");
    const lastReminded = d("2027-07-10");
    expect(reminderDue({ renewsAt: d("2027-08-10"), memberSince, lastReminded, now: d("2027-08-05") })).toBe(false);
    expect(reminderDue({ renewsAt: d("2028-01-10"), memberSince, lastReminded, now: d("2028-01-05") })).toBe(true);
  });

  it("over any monthly membership, comes once in each six months and never more than six months apart", () => {
    fc.assert(
      fc.property(fc.date({ min: d("2026-01-01"), max: d("2030-01-01"), noInvalidDate: true }), (joined) => {
        let last: Date | null = null;
        const reminded: Date[] = [];
        for (let month = 1; month <= 36; month++) {
          const renewsAt = addMonths(joined, month);
          const now = new Date(renewsAt.getTime() - 3 * 86_400_000);
          if (reminderDue({ renewsAt, memberSince: joined, lastReminded: last, now })) {
            reminded.push(renewsAt);
            last = renewsAt;
          }
        }
        expect(reminded.length).toBe(6);
        for (const [i, at] of reminded.entries()) {
          expect(at.getTime()).toBe(addMonths(joined, 6 * (i + 1)).getTime());
        }
      }),
      propertyRuns(50),
    );
  });

  it("adds calendar months, keeping to the month's last day", () => {
    expect(addMonths(d("2027-01-31"), 1).toISOString().slice(0, 10)).toBe("2027-02-28");
    expect(addMonths(d("2027-08-31"), 6).toISOString().slice(0, 10)).toBe("2028-02-29");
  });
});
