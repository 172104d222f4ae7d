import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * React Router decodes the page's data (the stream the server inlined) before its first render, and
 * asks to be rendered again once it has, by throwing a promise from that render. React keeps the
 * server's markup meanwhile; Preact (decision 063) would keep only the first element of a document
 * that suspends, so the router is asked once here, before hydrating (it throws before making
 * anything), and hydration starts once the data is ready.
 */
async function decodedPageData(): Promise<void> {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown instanceof Promise) return thrown.then(() => undefined);
    throw thrown;
  }
}

decodedPageData().then(() => {
  const page = window as unknown as { __reactRouterContext?: { state?: unknown }; __stopHoldingClicks?: () => void };
  if (!page.__reactRouterContext?.state) {
    // The data could not be decoded: hydrating would throw and take the page away. It stays as the
    // server sent it, its links and forms working without scripts, and taps are no longer held.
    page.__stopHoldingClicks?.();
    return;
  }
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
