import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { noticeClass } from "~/components/ui/notice";
import { readErrorBody } from "~/lib/app-error";
import { formatAmount } from "~/lib/format-price";
import { DISCOUNT_CODE_MAX, discountMessages } from "../discount/price-discount";

/** What the server said a code takes off (the preview; checkout prices it again and its figures win). */
export type AppliedDiscount = {
  code: string;
  /** A gift voucher's code (it pays part of the order) rather than a discount code. */
  voucher: boolean;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
};

/** The order's line for what a code takes off, named for what the code is. */
export const reductionLabel = (applied: AppliedDiscount) =>
  `${applied.voucher ? "Gift voucher" : "Discount"} (${applied.code})`;

/**
 * The 'Discount code' box of the cart and the purchase dialog. The browser sends only the code's text
 * and the product ids; what it takes off comes back from the server. A code already applied (carried
 * from the cart into the dialog) is checked again for these products when the box appears.
 */
export function DiscountCodeField({
  productIds,
  applied,
  onChange,
  initialCode,
  disabled = false,
  error: outsideError,
}: {
  productIds: readonly string[];
  applied: AppliedDiscount | null;
  onChange(applied: AppliedDiscount | null): void;
  initialCode?: string | null | undefined;
  disabled?: boolean;
  /** A refusal that came back from checkout itself. */
  error?: string | null | undefined;
}) {
  const inputId = useId();
  const errorId = useId();
  const [text, setText] = useState(initialCode ?? "");
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shownError = error ?? outsideError ?? null;
  const ids = productIds.join(",");

  async function apply(code: string) {
    if (!code.trim()) return;
    setChecking(true);
    setError(null);
    try {
      const res = await fetch("/checkout/discount", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ code, productIds: ids.split(",").filter(Boolean) }),
      });
      if (!res.ok) {
        const refusal = await readErrorBody(res, {
          title: discountMessages.title,
          description: discountMessages.unknown,
        });
        setError(refusal.description);
        onChange(null);
        return;
      }
      onChange((await res.json()) as AppliedDiscount);
    } catch {
      setError("The code could not be checked. Please try again.");
    } finally {
      setChecking(false);
    }
  }

  // Checked again whenever the products change (a line removed may be the one the code was for).
  const codeToRecheck = useRef<string | null>(initialCode ?? null);
  codeToRecheck.current = applied?.code ?? codeToRecheck.current;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run only when the products change
  useEffect(() => {
    if (codeToRecheck.current && ids) void apply(codeToRecheck.current);
  }, [ids]);

  if (applied) {
    return (
      <div className={noticeClass("success", "flex items-center justify-between gap-3")}>
        <p data-testid="discount-applied">
          {/* A gift voucher pays part of the order: it is not a discount, and is not called one. */}
          {applied.voucher ? "Gift voucher" : "Code"}{" "}
          <span className="font-mono font-semibold break-all">{applied.code}</span> applied
          <span className="sr-only">
            : {formatAmount(applied.discountCents)} {applied.voucher ? "from the voucher" : "off"}
          </span>
        </p>
        <button
          type="button"
          className={buttonClass("quiet", "px-2 text-sm")}
          disabled={disabled}
          onClick={() => {
            codeToRecheck.current = null;
            setText("");
            onChange(null);
          }}
        >
          Remove<span className="sr-only"> code {applied.code}</span>
        </button>
      </div>
    );
  }
  return (
    <form
      className="text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        void apply(text);
      }}
    >
      <label htmlFor={inputId} className="block font-semibold text-plum-900">
        Discount code or gift voucher
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={DISCOUNT_CODE_MAX}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          disabled={disabled || checking}
          className="min-w-0 flex-1 rounded-lg border border-plum-200 bg-white px-3 py-2 font-mono uppercase focus:border-plum-500 focus:outline-2 focus:outline-plum-500 aria-[invalid=true]:border-red-600"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
        />
        <button
          type="submit"
          className={buttonClass("secondary", "shrink-0")}
          disabled={disabled || checking || !text.trim()}
        >
          {checking ? "Checking..." : "Apply"}
        </button>
      </div>
      {shownError ? (
        <p id={errorId} role="alert" className="mt-1 text-red-800">
          {shownError}
        </p>
      ) : (
        <p className="mt-1 text-xs text-muted">A gift voucher's code works here too.</p>
      )}
    </form>
  );
}
