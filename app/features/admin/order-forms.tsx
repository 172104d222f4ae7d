import { useEffect } from "react";
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { showToast, type ToastInput } from "~/components/ui/toast";
import { GRANT_NOTE_MAX } from "~/features/shop/model";

/** The Orders page's controls (its filter too): labels carry their own weight, so the text is normal. */
export const inputClass =
  "block w-full rounded-lg border border-plum-200 bg-white px-3 py-2 font-normal text-ink shadow-sm focus:border-plum-500 focus:outline-2 focus:outline-plum-500";

/** A small form posted without leaving the page; its answer shows as a toast. */
function useToastFetcher() {
  const fetcher = useFetcher<{ toast?: ToastInput }>();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast) showToast(fetcher.data.toast);
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}

export function ResendReceipt({ id }: { id: string }) {
  const fetcher = useToastFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        className={buttonClass("secondary")}
        aria-label={`Resend receipt of order #${id.slice(0, 8)}`}
        disabled={fetcher.state !== "idle"}
      >
        {fetcher.state !== "idle" ? "Sending..." : "Resend receipt"}
      </button>
    </fetcher.Form>
  );
}

export function GrantForm({ products }: { products: { id: string; title: string }[] }) {
  const fetcher = useToastFetcher();
  return (
    <details className={cardClass("mt-8 p-5")}>
      <summary className="cursor-pointer font-sans text-lg font-semibold">Give a product by hand</summary>
      <p className="mt-2 text-sm text-muted">
        Recorded as a £0.00 order with your note; the customer gets access, a receipt, and sees it in My Sacred
        Downloads.
      </p>
      <fetcher.Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="grant" />
        <label className="flex flex-col gap-1 text-sm font-medium">
          Customer's e-mail
          <input name="email" type="email" required maxLength={254} className={inputClass} autoComplete="off" />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Product
          <select name="productId" required className={inputClass} defaultValue="">
            <option value="" disabled>
              Choose a product
            </option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium sm:col-span-2">
          Note
          <input
            name="note"
            required
            maxLength={GRANT_NOTE_MAX}
            className={inputClass}
            placeholder="Why it is given, e.g. a replacement"
          />
        </label>
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass("primary")} disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Giving..." : "Give product"}
          </button>
        </div>
      </fetcher.Form>
    </details>
  );
}
