import { describe, expect, it } from "vitest";
import { voucherOrderSchema } from "./voucher-form";

describe("the gift voucher form", () => {
  it("takes an order with no e-mail address (the form leaves out empty fields): the giver prints the voucher", () => {
    const parsed = voucherOrderSchema().safeParse({
      kind: "amount",
      pounds: "30",
      buyerName: "Ann",
      recipientName: "Bea",
      sendOn: "",
    });
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data?.recipientEmail).toBe("");
  });
});
