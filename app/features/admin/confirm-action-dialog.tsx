import { AlertDialog } from "radix-ui";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { showToast, type ToastInput } from "~/components/ui/toast";

/**
 * An admin action that asks first: an alert dialog whose confirm button posts `fields` to the page's
 * action. It stays open (and cannot be dismissed) while the action runs; a refusal comes back as a
 * toast, a success as the redirect's toast.
 */
export function ConfirmActionDialog({
  trigger,
  triggerLabel,
  triggerClassName,
  title,
  description,
  confirm,
  busy: busyLabel,
  fields,
}: {
  trigger: string;
  /** The trigger's accessible name, naming what it acts on. */
  triggerLabel: string;
  triggerClassName: string;
  title: string;
  description: string;
  confirm: string;
  busy: string;
  fields: Record<string, string>;
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<{ toast?: ToastInput }>();
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast) {
      showToast(fetcher.data.toast);
      setOpen(false);
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy ? null : setOpen(next))}>
      <AlertDialog.Trigger className={triggerClassName} aria-label={triggerLabel}>
        {trigger}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-plum-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="font-serif text-2xl text-plum-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-muted">{description}</AlertDialog.Description>
          <fetcher.Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <AlertDialog.Cancel className={buttonClass("secondary")} disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <button type="submit" className={buttonClass("danger")} disabled={busy}>
              {busy ? busyLabel : confirm}
            </button>
          </fetcher.Form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
