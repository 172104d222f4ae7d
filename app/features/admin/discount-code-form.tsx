import { useState } from "react";
import { Form } from "react-router";
import { Field } from "~/components/ui/field";
import { DISCOUNT_CODE_MAX } from "~/features/shop/discount/price-discount";
import { inputClass } from "~/features/site-settings/ui/settings-form";
import type { DiscountField, DiscountFormValues } from "./discount-form-schema";

export const emptyDiscount: DiscountFormValues = {
  code: "",
  kind: "percent",
  amount: "",
  expiresOn: "",
  maxUses: "",
  productIds: [],
};

/** The owner's new code; the server checks every field and answers per field. */
export function DiscountCodeForm({
  values,
  errors,
  products,
}: {
  values: DiscountFormValues;
  errors: Partial<Record<DiscountField, string>>;
  products: { id: string; title: string }[];
}) {
  const [kind, setKind] = useState(values.kind);
  const error = (field: DiscountField) =>
    errors[field] ? (
      <p id={`discount-${field}-error`} className="mt-1 text-sm text-red-800">
        {errors[field]}
      </p>
    ) : null;
  const invalid = (field: DiscountField) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": `discount-${field}-error` } : {};
  return (
    <Form method="post" noValidate className="card grid gap-4 p-5 sm:p-6 md:grid-cols-2" aria-label="New discount code">
      <h2 className="text-2xl md:col-span-2">New Discount Code</h2>
      <input type="hidden" name="intent" value="create" />
      <Field label="Code" required hint="What customers type; upper or lower case both work.">
        {(id, hintId) => (
          <>
            <input
              id={id}
              name="code"
              defaultValue={values.code}
              maxLength={DISCOUNT_CODE_MAX}
              autoCapitalize="characters"
              spellCheck={false}
              className={`${inputClass} font-mono uppercase`}
              aria-describedby={hintId}
              {...invalid("code")}
            />
            {error("code")}
          </>
        )}
      </Field>
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
      <Field
        label={kind === "percent" ? "Percentage off" : "Amount off (£)"}
        required
        hint={kind === "percent" ? "A whole number from 1 to 100." : "In pounds, like 5.00."}
      >
        {(id, hintId) => (
          <>
            <input
              id={id}
              name="amount"
              inputMode={kind === "percent" ? "numeric" : "decimal"}
              defaultValue={values.amount}
              className={inputClass}
              aria-describedby={hintId}
              {...invalid("amount")}
            />
            {error("amount")}
          </>
        )}
      </Field>
      <Field label="Last day" hint="Optional; UK date. It works until midnight at the end of that day.">
        {(id, hintId) => (
          <>
            <input
              id={id}
              type="date"
              name="expiresOn"
              defaultValue={values.expiresOn}
              className={inputClass}
              aria-describedby={hintId}
              {...invalid("expiresOn")}
            />
            {error("expiresOn")}
          </>
        )}
      </Field>
      <Field label="Use limit" hint="Optional; how many orders may use it.">
        {(id, hintId) => (
          <>
            <input
              id={id}
              name="maxUses"
              inputMode="numeric"
              defaultValue={values.maxUses}
              className={inputClass}
              aria-describedby={hintId}
              {...invalid("maxUses")}
            />
            {error("maxUses")}
          </>
        )}
      </Field>
      <fieldset className="md:col-span-2">
        <legend className="block text-sm font-semibold text-plum-900">Only for these products</legend>
        <p className="text-xs text-muted">
          Optional: tick none for every product. Never the Digital Access membership.
        </p>
        <div className="mt-2 grid max-h-48 gap-1 overflow-y-auto rounded-lg border border-plum-200 bg-white p-3 sm:grid-cols-2">
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
        {error("productIds")}
      </fieldset>
      <div className="md:col-span-2">
        <button type="submit" className="btn-primary">
          Create Code
        </button>
      </div>
    </Form>
  );
}
