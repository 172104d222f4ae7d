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

  it("asks for each name in its own words when the field was left empty (and so left out)", () => {
    const parsed = voucherOrderSchema().safeParse({ kind: "amount", pounds: "30" });
    const byField = Object.fromEntries(
      (parsed.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(byField).toMatchObject({
      buyerName: "Please enter your name.",
      recipientName: "Please enter the name of the person it is for.",
    });
  });
});
