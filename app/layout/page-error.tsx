import { isRouteErrorResponse } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { RefusedRequest } from "./refused-request";

/** A page that could not be shown: the request's own refusal (404, 403...) or our failure. */
export function PageError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status < 500) return <RefusedRequest error={error} />;
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl">Unexpected Application Error!</h1>
      <p className="mt-4 text-muted">Something went wrong on our side. Please try again in a moment.</p>
      <a href="/" className={buttonClass("primary", "mt-8")}>
        Return to Home
      </a>
    </section>
  );
}
