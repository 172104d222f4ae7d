/**
 * Page numbers in `?page=N` addresses, shared by the paginated lists (/products, /my-purchases).
 * Pure: no I/O, used by loaders and components alike.
 */

/** Shown, with status 400, for a `page` that is not a whole number from 1 up. */
export const INVALID_PAGE_MESSAGE = "That page number is not valid: page numbers are whole numbers from 1 up.";

/**
 * The page a `page` search parameter asks for, or null when it is not a positive whole number
 * ("0", "-1", "1.5", "abc", "" ...). A missing parameter is page 1.
 */
export function parsePageParam(value: string | null): number | null {
  if (value === null) return 1;
  if (!/^[1-9]\d*$/.test(value)) return null;
  // A huge number is still a page number; it is simply past the last page, which the caller handles.
  return Math.min(Number(value), Number.MAX_SAFE_INTEGER);
}

/** The rows one page shows, for LIMIT and OFFSET: an OFFSET no database refuses, however large the page. */
export function pageWindow(page: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize, offset: Math.min((page - 1) * pageSize, 2 ** 31) };
}

/** How many pages `total` rows make; an empty list still has its one (empty) page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The address of one page of a list; page 1 is the list's own address, so it has one URL. */
export function pageHref(path: string, page: number): string {
  // A list with filters keeps them: its path already has a query.
  return page <= 1 ? path : `${path}${path.includes("?") ? "&" : "?"}page=${page}`;
}
