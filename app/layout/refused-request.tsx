import { type ErrorResponse, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** The 404 page: an unknown address, or a page number past the last page. */
export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="font-serif text-7xl text-plum-700">404</p>
      <h1 className="mt-4 text-2xl">Oops! Page not found</h1>
      <Link to="/" className={buttonClass("primary", "mt-8")}>
        Return to Home
      </Link>
    </section>
  );
}

/** A request we refuse (4xx): the 404 page, or what was wrong with it, rather than looking like our fault. */
export function RefusedRequest({ error }: { error: ErrorResponse }) {
  if (error.status === 404) return <NotFoundPage />;
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl">That request could not be answered</h1>
      <p className="mt-4 text-muted">{typeof error.data === "string" ? error.data : error.statusText}</p>
      <a href="/" className={buttonClass("primary", "mt-8")}>
        Return to Home
      </a>
    </section>
  );
}
