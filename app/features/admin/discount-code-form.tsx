import { useState } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { ErrorText, TextField } from "~/components/ui/form-fields";
import { DISCOUNT_CODE_MAX } from "~/features/shop/discount/price-discount";
import type { FieldErrors } from "~/lib/forms/action-data";
import type { DiscountFormValues } from "./discount-form-schema";

const SCOPE_LABELS = [
  ["products", "Products"],
  ["sessions", "Single sessions"],
  ["packages", "Packages"],
] as const;

export const emptyDiscount: DiscountFormValues = {
  code: "",
  kind: "percent",
  amount: "",
  expiresOn: "",
  maxUses: "",
  productIds: [],
  appliesTo: ["products"],
  firstTimeOnly: "",
};

/** The owner's new code; the server checks every field and answers per field. */
export function DiscountCodeForm({
  values,
  errors,
  products,
}: {
  values: DiscountFormValues;
  errors: FieldErrors;
  products: { id: string; title: string }[];
}) {
  // A refused form comes back as posted, where the kind is whatever the request said.
  const [kind, setKind] = useState<DiscountFormValues["kind"]>(values.kind === "amount" ? "amount" : "percent");
  return (
    <Form
      method="post"
      noValidate
      className={cardClass("grid gap-4 p-5 sm:p-6 md:grid-cols-2")}
      aria-label="New discount code"
    >
      <h2 className="text-2xl md:col-span-2">New Discount Code</h2>
      <input type="hidden" name="intent" value="create" />
      <TextField
        label="Code"
        name="code"
        required
        hint="What customers type; upper or lower case both work."
        defaultValue={values.code}
        maxLength={DISCOUNT_CODE_MAX}
        autoCapitalize="characters"
        spellCheck={false}
        inputClassName="font-mono uppercase"
        error={errors.code}
      />
      <fieldset>
        <legend className="block text-sm font-semibold text-plum-900">
          Takes off<span aria-hidden="true"> *</span>
        </legend>
        <div className="mt-1 flex gap-2">
          <label className="flex items-center gap-2 rounded-lg border border-plum-200 bg-white px-3 py-2 text-sm">
            <input
              type="radio"
              name="kind"
              value="percent"
              checked={kind === "percent"}
              onChange={() => setKind("percent")}
            />
            A percentage
          </label>
          <label className="flex items-center gap-2 rounded-lg border border-plum-200 bg-white px-3 py-2 text-sm">
            <input
              type="radio"
              name="kind"
              value="amount"
              checked={kind === "amount"}
              onChange={() => setKind("amount")}
            />
            An amount (£)
          </label>
        </div>
      </fieldset>
      <TextField
        label={kind === "percent" ? "Percentage off" : "Amount off (£)"}
        name="amount"
        required
        hint={kind === "percent" ? "A whole number from 1 to 100." : "In pounds, like 5.00."}
        inputMode={kind === "percent" ? "numeric" : "decimal"}
        defaultValue={values.amount}
        error={errors.amount}
      />
      <TextField
        label="Last day"
        name="expiresOn"
        type="date"
        hint="Optional; UK date. It works until midnight at the end of that day."
        defaultValue={values.expiresOn}
        error={errors.expiresOn}
      />
      <TextField
        label="Use limit"
        name="maxUses"
        hint="Optional; how many orders may use it."
        inputMode="numeric"
        defaultValue={values.maxUses}
        error={errors.maxUses}
      />
      <fieldset
        className="md:col-span-2"
        aria-describedby={errors.productIds ? "discount-productIds-error" : undefined}
      >
        <legend className="block text-sm font-semibold text-plum-900">Only for these products</legend>
        <p className="text-xs text-muted">
          Optional: tick none for every product. Never the Digital Access membership.
        </p>
        <div className="mt-2 grid max-h-80 gap-1 overflow-y-auto rounded-lg border border-plum-200 bg-white p-3 sm:grid-cols-2">
          {products.map((product) => (
            <label key={product.id} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="productIds"
                value={product.id}
                defaultChecked={values.productIds.includes(product.id)}
                className="mt-1"
              />
              <span className="break-words">{product.title}</span>
            </label>
          ))}
        </div>
        <ErrorText id="discount-productIds-error">{errors.productIds}</ErrorText>
      </fieldset>
      <fieldset className="md:col-span-2" aria-describedby={errors.appliesTo ? "discount-appliesTo-error" : undefined}>
        <legend className="block text-sm font-semibold text-plum-900">Can be used on</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {SCOPE_LABELS.map(([scope, label]) => (
            <label key={scope} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="appliesTo" value={scope} defaultChecked={values.appliesTo.includes(scope)} />
              {label}
            </label>
          ))}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="firstTimeOnly" value="on" defaultChecked={values.firstTimeOnly === "on"} />
            First-time clients only
          </label>
        </div>
        <ErrorText id="discount-appliesTo-error">{errors.appliesTo}</ErrorText>
      </fieldset>
      <div className="md:col-span-2">
        <button type="submit" className={buttonClass("primary")}>
          Create Code
        </button>
      </div>
    </Form>
  );
}
