import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";

export type ToastInput = {
  title: string;
  description?: string | undefined;
  /**
   * 'destructive' for errors, as the spec's error catalogue marks them; 'warning' for something saved
   * that she should still read (a possible health claim): it stays until she closes it.
   */
  variant?: "default" | "destructive" | "warning" | undefined;
  /** Says what an opening panel shows anyway ('Added to Cart' and the cart): taken away when one opens. */
  passing?: boolean | undefined;
};

/** A button in the toast (the load failures' 'Retry'); apart from ToastInput, which travels as data. */
export type ToastAction = { label: string; onClick: () => void };

// The toast library is fetched with the first toast, not with every page: most visits show none.
const loadSonner = () => import("sonner");
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

let wanted = false;
let wake: (() => void) | undefined;
let hostReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  hostReady = resolve;
});

/**
 * The one way the site shows a toast (bottom-right, or top centre under the cart's heading while the
 * cart is open; 4.5 s, destructive for errors), with an optional action button.
 */
export function showToast(
  { title, description, variant = "default", passing = false }: ToastInput,
  action?: ToastAction,
): () => void {
  wanted = true;
  wake?.();
  let shown: string | number | undefined;
  let dismissed = false;
  const openingsWhenAsked = panelOpenings;
  void Promise.all([loadSonner(), ready]).then(([{ toast }]) => {
    if (dismissed) return;
    // A passing message asked for before a panel opened is stale once it has: the panel shows it.
    if (passing && panelOpenings !== openingsWhenAsked) return;
    const options = { description, ...(action ? { action } : {}) };
    if (variant === "destructive") shown = toast.error(title, options);
    else if (variant === "warning") shown = toast.warning(title, { ...options, duration: Number.POSITIVE_INFINITY });
    else if (!passing) shown = toast.success(title, options);
    else {
      const id = toast.success(title, {
        ...options,
        onDismiss: () => shownPassing.delete(id),
        onAutoClose: () => shownPassing.delete(id),
      });
      shownPassing.add(id);
      shown = id;
    }
  });
  /** Takes the toast away (a failure's toast once its page has loaded). */
  return () => {
    dismissed = true;
    if (shown !== undefined) void loadSonner().then(({ toast }) => toast.dismiss(shown));
  };
}

// How many open panels (the cart drawer) toasts must keep clear of: while any is open, toasts
// show at the top centre, away from a side panel's total and buttons at the bottom right.
let panelsOpen = 0;
/** How many times a panel has opened: a passing toast asked for before the latest opening is not shown. */
let panelOpenings = 0;
/** The passing toasts on screen: opening a panel takes them away. */
const shownPassing = new Set<string | number>();
const placementListeners = new Set<() => void>();
const subscribePlacement = (listener: () => void) => {
  placementListeners.add(listener);
  return () => placementListeners.delete(listener);
};
const clearOfPanel = () => panelsOpen > 0;
/** Pixels from the top kept free while a panel is open: its padding (24) and heading row (44), and a gap. */
const PANEL_HEADING_CLEARANCE = 84;

/**
 * While `open`, toasts move to the top centre, below the panel's heading row, so they never cover
 * its heading and Close button nor its foot (total, Checkout). Opening it takes away the passing
 * toasts already shown ('Added to Cart'): the panel says the same, and on a phone, where the drawer
 * is the whole screen, the toast covered its first line.
 */
export function useToastsClearOf(open: boolean) {
  useEffect(() => {
    if (!open) return;
    panelsOpen += 1;
    panelOpenings += 1;
    if (shownPassing.size > 0) {
      const ids = [...shownPassing];
      shownPassing.clear();
      void loadSonner().then(({ toast }) => {
        for (const id of ids) toast.dismiss(id);
      });
    }
    for (const listener of placementListeners) listener();
    return () => {
      panelsOpen -= 1;
      for (const listener of placementListeners) listener();
    };
  }, [open]);
}

/** Mounted once, in the root layout: renders the toaster once a toast has been asked for. */
export function ToastHost() {
  const [show, setShow] = useState(wanted);
  const clear = useSyncExternalStore(subscribePlacement, clearOfPanel, () => false);
  useEffect(() => {
    wake = () => setShow(true);
    if (wanted) setShow(true);
    return () => {
      wake = undefined;
    };
  }, []);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position={clear ? "top-center" : "bottom-right"}
        // Below the panel's heading row (the cart drawer's 'Your Cart' and its Close button), which a
        // top toast covered on a phone, where the drawer is the whole screen.
        offset={clear ? { top: PANEL_HEADING_CLEARANCE } : undefined}
        mobileOffset={clear ? { top: PANEL_HEADING_CLEARANCE } : undefined}
        duration={4500}
        closeButton
        toastOptions={{
          // On a phone a toast spans the foot of the screen, often over a form's submit button: there
          // it takes no tap meant for the page beneath; its own buttons (close, Retry) still take
          // theirs. With a mouse it keeps its hover (which holds it on screen while read).
          classNames: {
            toast: "max-sm:!pointer-events-none !border-plum-200 !bg-white !text-ink",
            closeButton: "max-sm:!pointer-events-auto",
            error: "!border-red-300 !bg-red-50 !text-red-900",
            success: "!border-green-300 !bg-green-50 !text-green-900",
            warning: "!border-amber-400 !bg-amber-50 !text-amber-950",
            description: "!text-inherit",
            actionButton: "max-sm:!pointer-events-auto !bg-plum-800 !text-white",
          },
        }}
      />
      <ToasterMounted />
    </Suspense>
  );
}

/** After the toaster's own effects (it subscribes in one), toasts can be sent to it. */
function ToasterMounted() {
  useEffect(() => hostReady(), []);
  return null;
}
