import {
  DISCOUNT_CODE_MAX,
  DISCOUNT_SCOPES,
  type DiscountKind,
  discountMessages,
  looksLikeCode,
  type NewDiscountCode,
  normaliseCode,
} from "~/features/shop/discount/price-discount";
import { LIMITS } from "~/features/shop/model";
import { z } from "~/lib/zod";
import { addDays, zonedInstant } from "~/lib/zoned-time";
import { parsePounds } from "./product-form-schema";

export const discountFormMessages = {
  code: `A code is 1 to ${DISCOUNT_CODE_MAX} letters, numbers, dashes or underscores.`,
  percent: "A percentage is a whole number from 1 to 100.",
  amount: "An amount is in pounds, like 5.00, and more than £0.00.",
  amountTooHigh: "An amount is at most £10,000.00.",
  expiry: "Choose a date that has not passed, or leave it empty.",
  maxUses: "A use limit is a whole number of at least 1, or empty for no limit.",
  products: "Choose products from the list.",
  appliesTo: "Choose what the code can be used on: products, single sessions or packages.",
  duplicate: discountMessages.duplicate,
  created: "Discount code created.",
  switchedOff: "Discount code switched off.",
  invalid: "Please correct the highlighted fields.",
  notFound: "That discount code was not found.",
} as const;

export type DiscountFormValues = {
  code: string;
  kind: DiscountKind;
  amount: string;
  expiresOn: string;
  maxUses: string;
  productIds: string[];
  /** Products, sessions, packages (issue 25 item 7). */
  appliesTo: string[];
  firstTimeOnly: string;
};

export type DiscountField = keyof DiscountFormValues;

export function discountFormFrom(form: FormData): DiscountFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    code: text("code").trim(),
    kind: text("kind") === "amount" ? "amount" : "percent",
    amount: text("amount").trim(),
    expiresOn: text("expiresOn").trim(),
    maxUses: text("maxUses").trim(),
    productIds: form.getAll("productIds").filter((v): v is string => typeof v === "string"),
    appliesTo: form.getAll("appliesTo").filter((v): v is string => typeof v === "string"),
    firstTimeOnly: text("firstTimeOnly") === "on" ? "on" : "",
  };
}

/**
 * The owner's new code, checked: a percentage from 1 to 100 or an amount in pounds (stored in pence),
 * an expiry date read as the end of that day in the UK (stored UTC), a use limit, and products from
 * the catalogue (`knownProductIds`). Errors by field, in the form's words.
 */
export function parseDiscountForm(
  values: DiscountFormValues,
  knownProductIds: ReadonlySet<string>,
  now = new Date(),
): { ok: true; value: NewDiscountCode } | { ok: false; errors: Partial<Record<DiscountField, string>> } {
  const errors: Partial<Record<DiscountField, string>> = {};
  if (!looksLikeCode(values.code)) errors.code = discountFormMessages.code;

  let amount = 0;
  if (values.kind === "percent") {
    amount = /^\d{1,3}$/.test(values.amount) ? Number(values.amount) : 0;
    if (amount < 1 || amount > 100) errors.amount = discountFormMessages.percent;
  } else {
    amount = parsePounds(values.amount) ?? 0;
    if (values.amount === "" || amount <= 0) errors.amount = discountFormMessages.amount;
    // No price is higher: more off than that is a slip of the keyboard.
    else if (amount > LIMITS.maxPriceCents) errors.amount = discountFormMessages.amountTooHigh;
  }

  let expiresAt: Date | null = null;
  if (values.expiresOn) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(values.expiresOn);
    const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
    if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== values.expiresOn) {
      errors.expiresOn = discountFormMessages.expiry;
    } else {
      // Valid through the whole of its last day in the UK: it ends at the next UK midnight.
      expiresAt = zonedInstant(addDays(values.expiresOn, 1), "00:00");
      if (expiresAt <= now) errors.expiresOn = discountFormMessages.expiry;
    }
  }

  let maxUses: number | null = null;
  if (values.maxUses) {
    maxUses = /^\d{1,6}$/.test(values.maxUses) ? Number(values.maxUses) : 0;
    if (maxUses < 1) errors.maxUses = discountFormMessages.maxUses;
  }

  const productIds = [...new Set(values.productIds)];
  if (productIds.some((id) => !knownProductIds.has(id))) errors.productIds = discountFormMessages.products;

  // At least one: a code with every box unticked was made for products, without a word.
  const asked = values.appliesTo;
  const appliesTo = DISCOUNT_SCOPES.filter((scope) => asked.includes(scope));
  if (asked.length === 0 || appliesTo.length !== new Set(asked).size) errors.appliesTo = discountFormMessages.appliesTo;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      // Kept in capitals, as customers see it on the receipt and the owner in her list.
      code: normaliseCode(values.code),
      kind: values.kind,
      amount,
      expiresAt,
      maxUses,
      productIds: productIds.length > 0 ? productIds : null,
      appliesTo,
      firstTimeOnly: values.firstTimeOnly === "on",
    },
  };
}

/** `parseDiscountForm` as a schema of the posted form (`discountFormFrom`), its refusals by field. */
export function discountFormSchema(knownProductIds: ReadonlySet<string>) {
  return z.custom<DiscountFormValues>().transform((values, ctx): NewDiscountCode => {
    const parsed = parseDiscountForm(values, knownProductIds);
    if (parsed.ok) return parsed.value;
    for (const [field, message] of Object.entries(parsed.errors))
      ctx.addIssue({ code: "custom", message, path: [field] });
    return z.NEVER;
  });
}
