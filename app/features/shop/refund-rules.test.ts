import { describe, expect, it } from "vitest";
import { isRefundable, type RefundCandidate, refundRefusal } from "./refund-rules";

const paid: RefundCandidate = { status: "paid", totalAmountCents: 1299, provider: "stripe", paymentRef: "pi_1" };

describe("refund rules", () => {
  it("refunds a paid purchase through the provider that took it", () => {
    expect(refundRefusal(paid, "stripe")).toBeNull();
    expect(refundRefusal({ ...paid, provider: "demo", paymentRef: "demo_pi_1" }, "demo")).toBeNull();
  });

  it("never refunds twice, and never what was not paid", () => {
    expect(refundRefusal({ ...paid, status: "refunded" }, "stripe")).toMatchObject({
      code: "conflict",
      message: "This purchase has already been refunded.",
    });
    for (const status of ["pending", "failed", "cancelled"] as const) {
      expect(refundRefusal({ ...paid, status }, "stripe")?.message).toBe("Only paid purchases can be refunded.");
    }
  });

  it("leaves a session's refund to cancelling it, so a session is never refunded twice", () => {
    expect(refundRefusal({ ...paid, kinds: ["session"] }, "demo")?.message).toMatch(
      /cancelled and refunded from the diary/,
    );
  });

  it("has nothing to refund on a free claim", () => {
    expect(refundRefusal({ ...paid, provider: "free", totalAmountCents: 0, paymentRef: null }, "demo")?.code).toBe(
      "invalid_request",
    );
  });

  it("refunds Stripe payments only where Stripe is configured, and sends membership payments to the Dashboard", () => {
    expect(refundRefusal(paid, "demo")?.message).toBe(
      "This purchase was paid through Stripe, which is not configured here.",
    );
    expect(refundRefusal({ ...paid, paymentRef: null }, "stripe")?.message).toMatch(/Stripe Dashboard/);
    expect(isRefundable({ ...paid, paymentRef: null }, "stripe")).toBe(false);
  });
});
