import { useEffect, useRef } from "react";
import { isRouteErrorResponse, Link, useRevalidator } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { showToast } from "~/components/ui/toast";
import { PageHero } from "./page-hero";
import { RefusedRequest } from "./refused-request";

type Message = { title: string; description: string };

/**
 * A page's ErrorBoundary for when its data failed to load (the database away, a loader failing, a
 * `.data` request lost during a client navigation): the page's own heading in the site's frame, a
 * calm word, the spec §8 toast, and a Retry that runs the loaders again without reloading the page
 * (decision 034). Refusals (4xx, a page past the last) keep their own pages.
 */
export function LoadFailure({ error, heading, message }: { error: unknown; heading: string; message: Message }) {
  const revalidator = useRevalidator();
  const retrying = revalidator.state === "loading";
  const retry = useRef(revalidator.revalidate);
  retry.current = revalidator.revalidate;
  // Each failure is a new error value: a Retry that fails again says so again.
  useEffect(() => {
    if (isRouteErrorResponse(error) && error.status < 500) return;
    // Dismissed when the page loads after all, or when a new failure brings its own toast.
    return showToast({ ...message, variant: "destructive" }, { label: "Retry", onClick: () => void retry.current() });
  }, [error, message]);

  if (isRouteErrorResponse(error) && error.status < 500) return <RefusedRequest error={error} />;
  return (
    <>
      <PageHero title={heading} />
      <section className="mx-auto max-w-2xl px-4 pb-20 text-center sm:px-6">
        <p className="text-lg text-plum-900">{message.description}</p>
        <p className="mt-2 text-muted">This is on our side and usually passes in a moment. Nothing of yours is lost.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            className={buttonClass("primary")}
            disabled={retrying}
            onClick={() => void revalidator.revalidate()}
          >
            {retrying ? "Retrying…" : "Retry"}
          </button>
          <Link to="/" className={buttonClass("secondary")}>
            Return to Home
          </Link>
        </div>
      </section>
    </>
  );
}
