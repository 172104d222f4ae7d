import { Outlet } from "react-router";
import { PageError } from "~/layout/page-error";
import type { Route } from "./+types/pages";

/**
 * Every page, inside the root's frame. A page's error is shown here, below the root, so the root's
 * layout (the document's `<head>` and `<body>`) stays as it is: the root's own ErrorBoundary would
 * replace its layout, and Preact (decision 063) then builds a new `<head>` and `<body>`, losing what
 * scripts had put there (the toasts' styles) and running the inline scripts again.
 */
export default function Pages() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
