/**
 * One error contract for the whole app (docs/decisions/025-shop-module-and-error-contract.md).
 * A feature that refuses something throws an `AppError`: a code that says what went wrong, and the
 * title and message a person reads (spec §8's wording where the spec has one). Hono handlers and
 * React Router actions turn any error into the same answer with `describeError`, and the browser
 * reads every such answer with `readErrorBody`. Shared by both sides, so it holds no I/O.
 */
import { data } from "react-router";

/** Each code's HTTP status: the only place a status is chosen for a refusal. */
const STATUS = {
  invalid_request: 400,
  security_error: 400,
  not_signed_in: 401,
  forbidden: 403,
  purchase_required: 403,
  cross_site: 403,
  not_found: 404,
  no_file: 404,
  conflict: 409,
  /** The price a buyer saw is not what checkout would charge: show them the new one. */
  price_changed: 409,
  /** A discount code that cannot be used (unknown, expired, used up, not for these items): say which. */
  discount_refused: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  provider_failed: 502,
  unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof STATUS;

/** The one JSON shape of every refusal: `error` is the title, `message` what to do about it. */
export type ErrorBody = { code: ErrorCode; error: string; message: string };

export class AppError extends Error {
  override name = "AppError";
  readonly title: string;

  constructor(
    readonly code: Exclude<ErrorCode, "internal">,
    message: string | { title: string; description: string },
    title?: string,
  ) {
    const text = typeof message === "string" ? message : message.description;
    super(text);
    this.title = typeof message === "string" ? (title ?? "Error") : message.title;
  }

  get status(): number {
    return STATUS[this.code];
  }
}

const INTERNAL: ErrorBody = {
  code: "internal",
  error: "Error",
  message: "Something went wrong on our side. Please try again.",
};

/**
 * Any thrown value as the answer to send: an AppError as it is, anything else as a 500 that tells
 * nothing of what failed (the caller logs it).
 */
export function describeError(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.status, body: { code: error.code, error: error.title, message: error.message } };
  }
  return { status: 500, body: INTERNAL };
}

/** The JSON answer for an error; refusals are never cached. */
export function errorResponse(error: unknown, headers: HeadersInit = {}): Response {
  const { status, body } = describeError(error);
  const merged = new Headers(headers);
  merged.set("Cache-Control", "no-store");
  return Response.json(body, { status, headers: merged });
}

/** Whether a value is an error answer's body (from `fetch(...).json()` or an action's data). */
export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ErrorBody).error === "string" &&
    typeof (value as ErrorBody).message === "string"
  );
}

/**
 * The browser's reader of a refused answer: its title and message for a toast, or the fallback
 * when the answer is not ours (a proxy's error page, a dropped connection).
 */
export async function readErrorBody(
  response: Response,
  fallback: { title: string; description: string },
): Promise<{ code: ErrorCode | undefined; title: string; description: string }> {
  const body: unknown = await response.json().catch(() => null);
  if (isErrorBody(body)) return { code: body.code, title: body.error, description: body.message };
  return { code: undefined, ...fallback };
}

/**
 * A JSON endpoint's answer (React Router resource routes): what `run` returns as JSON, or its
 * AppError as the error shape. Anything else is left to the framework's 500 handling.
 */
export async function answerJson(run: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await run();
    return result instanceof Response ? result : Response.json(result);
  } catch (error) {
    if (error instanceof AppError) return errorResponse(error);
    throw error;
  }
}

/**
 * A page action's refusal: the same shape and status, as action data the page shows in a toast. An
 * error that is not a refusal (a bug, the database away) is logged first, so a failed cancellation
 * or refund is never a 500 the operator cannot see.
 */
export function errorData(error: unknown, logger: { error(fields: object, message: string): void }) {
  if (!(error instanceof AppError)) logger.error({ err: error }, "action failed");
  const { status, body } = describeError(error);
  return data(body, { status });
}
