import { AlertDialog } from "radix-ui";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { showToast, type ToastInput } from "~/components/ui/toast";

/** Spec §5: delete asks 'Are you sure you want to delete this product?', here in an alert dialog. */
export function DeleteProductDialog({
  productId,
  title,
  hasBuyers,
}: {
  productId: string;
  title: string;
  hasBuyers: boolean;
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<{ toast?: ToastInput }>();
  const deleting = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast) {
      showToast(fetcher.data.toast);
      setOpen(false);
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (deleting ? null : setOpen(next))}>
      <AlertDialog.Trigger
        className="btn-outline border-red-700 text-red-800 hover:bg-red-50"
        aria-label={`Delete ${title}`}
      >
        Delete
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-plum-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="font-serif text-2xl text-plum-900">
            Are you sure you want to delete this product?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-muted">
            {hasBuyers
              ? `“${title}” has been bought, so it will be archived: it leaves the catalogue, and its buyers keep their downloads.`
              : `“${title}” and its files will be deleted. This cannot be undone.`}
          </AlertDialog.Description>
          <fetcher.Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={productId} />
            <AlertDialog.Cancel className="btn-outline" disabled={deleting}>
              Cancel
            </AlertDialog.Cancel>
            <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={deleting}>
              {deleting ? "Deleting..." : hasBuyers ? "Archive product" : "Delete product"}
            </button>
          </fetcher.Form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
