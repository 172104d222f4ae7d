import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertyRuns } from "../../../../tests/support/property-runs";
import { formatInvoiceNumber, formatRate, invoiceLines, invoiceTotals, vatIn } from "./vat-invoice";

describe("VAT on VAT-inclusive prices", () => {
  it("is a sixth of the price at 20%, to the penny", () => {
    expect(vatIn(1200, 2000)).toBe(200);
    expect(vatIn(1299, 2000)).toBe(217);
    expect(vatIn(999, 2000)).toBe(167);
    expect(vatIn(0, 2000)).toBe(0);
    expect(vatIn(1000, 0)).toBe(0);
  });

  it("never adds to what was paid: net and VAT make the total, each line's VAT within its price", () => {
    const line = fc.record({
      title: fc.string({ minLength: 1, maxLength: 10 }),
      amountCents: fc.integer({ min: 0, max: 1_000_000 }),
      kind: fc.constantFrom("product", "membership", "session", "package" as const),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
        const stated = invoiceLines(lines);
        const totals = invoiceTotals(stated);
        expect(totals.grossCents).toBe(lines.reduce((sum, l) => sum + l.amountCents, 0));
        expect(totals.netCents + totals.vatCents).toBe(totals.grossCents);
        for (const l of stated) expect(l.vatCents).toBeLessThanOrEqual(l.grossCents);
        // Rounding each line keeps the VAT within half a penny a line of the VAT on the total.
        expect(Math.abs(totals.vatCents - (totals.grossCents * 2000) / 12000)).toBeLessThanOrEqual(stated.length / 2);
        expect(totals.simplified).toBe(totals.grossCents < 25_000);
      }),
      propertyRuns(200),
    );
  });

  it("prints rates and numbers as the invoice shows them", () => {
    expect(formatRate(2000)).toBe("20%");
    expect(formatRate(500)).toBe("5%");
    expect(formatInvoiceNumber(42)).toBe("000042");
  });
});
