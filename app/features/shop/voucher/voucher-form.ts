/**
 * The buyer's form for a gift voucher, validated the same way on both sides (the server trusts only its
 * own parse). A service voucher names booking's service by id; the route prices it from booking's
 * catalogue. The send date is a day in the UK, today or within the voucher's 12 months.
 */
import { sanitiseText } from "~/lib/sanitise-text";
import { z } from "~/lib/zod";
import { addDays, zonedDate } from "~/lib/zoned-time";
import { VOUCHER_LIMITS, voucherMessages } from "./voucher-model";

export type VoucherOrder = {
  kind: "amount" | "service";
  pounds: number;
  serviceId: string;
  buyerName: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  /** A UK date (YYYY-MM-DD) to send the e-mail on; empty: at once. */
  sendOn: string;
};

export type VoucherField = keyof VoucherOrder;

export const voucherTitle = (what: string) => `Gift voucher: ${what}`;

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} is at most ${max} characters.`).transform(sanitiseText);

/** The order as the server reads it, with a message per field a person can act on. */
export function voucherOrderSchema(today: string = zonedDate(new Date())) {
  const lastDay = addDays(today, 365);
  return z
    .object({
      kind: z.enum(["amount", "service"], { error: "Choose an amount or a session." }),
      pounds: z.coerce
        .number({ error: voucherMessages.amountRange })
        .int(voucherMessages.amountRange)
        .min(VOUCHER_LIMITS.minPounds, voucherMessages.amountRange)
        .max(VOUCHER_LIMITS.maxPounds, voucherMessages.amountRange)
        .optional(),
      serviceId: z.string().trim().max(100).default(""),
      // An empty field is left out of the form's data: "" then, so the message is the field's own.
      buyerName: text(VOUCHER_LIMITS.nameLength, "Your name")
        .default("")
        .pipe(z.string().min(1, "Please enter your name.")),
      recipientName: text(VOUCHER_LIMITS.nameLength, "Their name")
        .default("")
        .pipe(z.string().min(1, "Please enter the name of the person it is for.")),
      recipientEmail: z
        .string()
        .trim()
        .max(254)
        .default("")
        .refine(
          (v) => v === "" || z.email().safeParse(v).success,
          "Please enter a valid e-mail address, or leave it empty to hand the voucher over yourself.",
        ),
      message: text(VOUCHER_LIMITS.messageLength, "The message").default(""),
      sendOn: z
        .string()
        .trim()
        .default("")
        .refine(
          (v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && v >= today && v <= lastDay),
          voucherMessages.sendDate,
        ),
    })
    .superRefine((order, ctx) => {
      if (order.kind === "amount" && order.pounds === undefined) {
        ctx.addIssue({ code: "custom", path: ["pounds"], message: voucherMessages.amountRange });
      }
      if (order.kind === "service" && !order.serviceId) {
        ctx.addIssue({ code: "custom", path: ["serviceId"], message: "Choose a session or package." });
      }
      if (order.sendOn && !order.recipientEmail) {
        ctx.addIssue({
          code: "custom",
          path: ["recipientEmail"],
          message: "Enter their e-mail address to send it on a date.",
        });
      }
    })
    .transform((order): VoucherOrder => ({ ...order, pounds: order.pounds ?? 0 }));
}
