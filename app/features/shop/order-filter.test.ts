import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  orderFilterQuery,
  ordersCsv,
  readOrderFilter,
  salesByWeek,
  salesChartSvg,
  ukDayStart,
  voucherPartsOfLines,
  weekStart,
} from "./order-filter";

const read = (query: string) => readOrderFilter(new URLSearchParams(query));

describe("the orders filter", () => {
  it("reads search, status and UK days, and writes them back", () => {
    const result = read("q=%23AB12&status=refunded&from=2026-03-01&to=2026-03-31&page=2");
    expect(result).toEqual({
      ok: true,
      filter: { q: "#AB12", status: "refunded", from: "2026-03-01", to: "2026-03-31" },
    });
    if (result.ok)
      expect(orderFilterQuery(result.filter)).toBe("q=%23AB12&status=refunded&from=2026-03-01&to=2026-03-31");
    expect(read("q=&status=&from=")).toEqual({ ok: true, filter: { q: "", status: "all" } });
  });

  it("refuses malformed input with a reason", () => {
    expect(read("status=open")).toEqual({ ok: false, message: "Status is all, paid or refunded." });
    expect(read("from=2026-02-30")).toEqual({ ok: false, message: "No such date." });
    expect(read("from=yesterday")).toEqual({ ok: false, message: "Dates are written YYYY-MM-DD." });
    expect(read("from=2026-04-02&to=2026-04-01")).toEqual({
      ok: false,
      message: "The start date is after the end date.",
    });
    expect(read(`q=${"a".repeat(201)}`).ok).toBe(false);
  });

  it("takes a UK day from UK midnight, in winter (GMT) and summer (BST)", () => {
    expect(ukDayStart("2026-01-15").toISOString()).toBe("2026-01-15T00:00:00.000Z");
    expect(ukDayStart("2026-07-15").toISOString()).toBe("2026-07-14T23:00:00.000Z");
  });
});

describe("sales by week", () => {
  it("adds takings into UK weeks from Monday, twelve of them up to the last", () => {
    expect(weekStart("2026-11-23")).toBe("2026-11-23"); // a Monday
    expect(weekStart("2026-11-29")).toBe("2026-11-23"); // its Sunday
    const weeks = salesByWeek(
      [
        { at: new Date("2026-11-23T09:00:00Z"), cents: 1299 },
        { at: new Date("2026-11-22T23:30:00Z"), cents: 500 }, // Sunday night in the UK: the week before
        { at: new Date("2026-11-25T12:00:00Z"), cents: 799 },
        { at: new Date("2025-01-01T12:00:00Z"), cents: 9999 }, // long before: left out
      ],
      "2026-11-25",
    );
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toEqual({ week: "2026-11-23", cents: 2098, orders: 2 });
    expect(weeks.at(-2)).toEqual({ week: "2026-11-16", cents: 500, orders: 1 });
    expect(weeks[0]?.week).toBe("2026-09-07");
  });

  it("draws one bar per week in a titled SVG, escaping what it writes", () => {
    const svg = salesChartSvg([
      { week: "2026-11-16", cents: 500 },
      { week: "2026-11-23", cents: 2098 },
    ]);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<rect /g)).toHaveLength(2);
    expect(svg).toContain("<title>Week of 23 Nov: £20.98</title>");
    expect(svg).toContain("<title>Sales by week, 2 weeks from 16 Nov: £25.98 in all</title>");
  });

  it("draws a phone's chart with fewer dates, the last week's always among them", () => {
    const weeks = Array.from({ length: 12 }, (_, i) => ({
      week: new Date(Date.UTC(2026, 8, 7 + 7 * i)).toISOString().slice(0, 10),
      cents: 100 * i,
    }));
    const dates = (svg: string) => [...svg.matchAll(/<text [^>]*y="236"[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]);
    const wide = salesChartSvg(weeks);
    const narrow = salesChartSvg(weeks, { width: 360 });
    expect(narrow).toContain('viewBox="0 0 360 260"');
    expect(dates(wide)).toHaveLength(12);
    expect(dates(narrow)).toEqual(["21 Sept", "12 Oct", "2 Nov", "23 Nov"]);
    expect(narrow.match(/<rect /g)).toHaveLength(12);
  });
});

describe("the orders CSV", () => {
  it("quotes what needs quoting, neutralises formulas and gives pounds", () => {
    const csv = ordersCsv([
      {
        id: "3f2a9c1e-0000-4000-8000-000000000000",
        createdAt: new Date("2026-07-14T23:30:00Z"),
        email: "=cmd@example.com",
        status: "paid",
        items: ['Guide "one", first', "Moon"],
        totalCents: 2098,
        discountCents: 200,
        refundedCents: 1000,
        provider: "stripe",
        paymentRef: "pi_1",
        note: null,
      },
    ]);
    const [header, row, end] = csv.split("\r\n");
    expect(header).toBe(
      "Order,Order id,Date (UK),Time (UTC),E-mail,Status,Items,Gross (GBP),Discount (GBP),Paid (GBP),Refunded (GBP),Net (GBP),Paid through,Payment reference,Note,Paid by gift voucher (GBP)",
    );
    expect(row).toBe(
      `#3f2a9c1e,3f2a9c1e-0000-4000-8000-000000000000,2026-07-15,2026-07-14T23:30:00.000Z,'=cmd@example.com,paid,"Guide ""one"", first; Moon",22.98,2.00,20.98,10.00,10.98,stripe,pi_1,,0.00`,
    );
    expect(end).toBe("");
  });
});

describe("a gift voucher's part of each line, for the lines' CSV", () => {
  it("gives out exactly what the voucher paid and got back, never more on a line than it took or gave back", () => {
    const orders = fc
      .array(
        fc
          .nat({ max: 20_000 })
          .chain((amount) =>
            fc.nat({ max: amount }).map((refunded) => ({ kind: "product", title: "x", amount, refunded })),
          ),
        { minLength: 1, maxLength: 6 },
      )
      .chain((raw) => {
        const lines = raw.map((l) => ({ ...l, amountCents: l.amount, discountCents: 0, refundedCents: l.refunded }));
        const taken = lines.reduce((sum, l) => sum + l.amountCents, 0);
        const back = lines.reduce((sum, l) => sum + l.refundedCents, 0);
        return fc
          .nat({ max: taken })
          .chain((voucher) =>
            fc.nat({ max: Math.min(voucher, back) }).map((voucherBack) => ({ lines, voucher, voucherBack })),
          );
      });
    fc.assert(
      fc.property(orders, ({ lines, voucher, voucherBack }) => {
        const parts = voucherPartsOfLines(lines, voucher, voucherBack);
        expect(parts.reduce((sum, p) => sum + p.paid, 0)).toBe(voucher);
        expect(parts.reduce((sum, p) => sum + p.refunded, 0)).toBe(voucherBack);
        parts.forEach((part, i) => {
          const line = lines[i] as (typeof lines)[number];
          expect(part.paid).toBeGreaterThanOrEqual(0);
          expect(part.paid).toBeLessThanOrEqual(line.amountCents);
          expect(part.refunded).toBeGreaterThanOrEqual(0);
          expect(part.refunded).toBeLessThanOrEqual(line.refundedCents);
        });
      }),
      { numRuns: 500 },
    );
  });
});
