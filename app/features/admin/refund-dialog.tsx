import { AlertDialog } from "radix-ui";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { showToast, type ToastInput } from "~/components/ui/toast";
import { formatAmount } from "~/lib/format-price";

/** The confirmation step before a refund: it names the order, the amount and what the buyer loses. */
export function RefundDialog({ orderId, email, totalCents }: { orderId: string; email: string; totalCents: number }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<{ toast?: ToastInput }>();
  const busy = fetcher.state !== "idle";
  const shortId = orderId.slice(0, 8);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast) {
      showToast(fetcher.data.toast);
      setOpen(false);
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy ? null : setOpen(next))}>
      <AlertDialog.Trigger className="btn-outline" aria-label={`Refund order #${shortId}`}>
        Refund
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-plum-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="font-serif text-2xl text-plum-900">{`Refund order #${shortId}?`}</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-muted">
            {formatAmount(totalCents)} goes back to {email}, and their access to what this order bought ends at once.
          </AlertDialog.Description>
          <fetcher.Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="id" value={orderId} />
            <AlertDialog.Cancel className="btn-outline" disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy}>
              {busy ? "Refunding..." : `Refund ${formatAmount(totalCents)}`}
            </button>
          </fetcher.Form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
