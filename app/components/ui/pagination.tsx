import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { pageHref } from "~/lib/pagination";

/** Previous and Next links and "Page N of M" under a paginated list; nothing when it fits on one page. */
export function Pagination({
  path,
  page,
  pageCount,
  label,
}: {
  /** The list's address; page N is `${path}?page=N`. */
  path: string;
  page: number;
  pageCount: number;
  /** Names the navigation landmark, e.g. "Product pages". */
  label: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-10 flex items-center justify-between gap-4">
      {/* Links that lead nowhere are left out rather than disabled, so keyboard users never land on them. */}
      <span className="min-w-28">
        {page > 1 ? (
          <Link to={pageHref(path, page - 1)} rel="prev" className={buttonClass("secondary")}>
            Previous
          </Link>
        ) : null}
      </span>
      <p className="text-muted">{`Page ${page} of ${pageCount}`}</p>
      <span className="min-w-28 text-right">
        {page < pageCount ? (
          <Link to={pageHref(path, page + 1)} rel="next" className={buttonClass("secondary")}>
            Next
          </Link>
        ) : null}
      </span>
    </nav>
  );
}
