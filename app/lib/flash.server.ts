import { createCookie, redirect } from "react-router";
import { z } from "~/lib/zod";

/** A one-time toast that survives a redirect (for example 'Access Denied' after leaving /admin). */
export const flashToastSchema = z.object({
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "destructive", "warning"]).default("default"),
});
export type FlashToast = z.infer<typeof flashToastSchema>;

/** How long a toast waits for the page after its redirect: the cookie's life, and the toast's. */
const FLASH_SECONDS = 60;

/** A toast as the cookie carries it: with when it was set, so a copied cookie is good for a minute only. */
const storedToastSchema = flashToastSchema.extend({ at: z.number() });

/** The toast's cookie: a page that finds it shows the toast (so the shared page cache knows it too). */
export const FLASH_COOKIE = "flash";

function flashCookie(secret: string, secure: boolean) {
  return createCookie(FLASH_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    secrets: [secret],
    maxAge: FLASH_SECONDS,
  });
}

type CookieOptions = { secret: string; secure: boolean };

export async function setFlash(toast: FlashToast, options: CookieOptions): Promise<string> {
  return flashCookie(options.secret, options.secure).serialize({ ...toast, at: Date.now() });
}

/**
 * The toast a Cookie header carries, if this site signed it in the last minute; null for none, a
 * cookie we did not sign, or one kept (or sent again) after its minute.
 */
async function readToast(cookieHeader: string, options: CookieOptions): Promise<FlashToast | null> {
  const parsed = storedToastSchema.safeParse(await flashCookie(options.secret, options.secure).parse(cookieHeader));
  if (!parsed.success) return null;
  const { at, ...toast } = parsed.data;
  const age = Date.now() - at;
  return age >= -5_000 && age <= FLASH_SECONDS * 1000 ? toast : null;
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function takeFlash(
  request: Request,
  options: CookieOptions,
): Promise<{ toast: FlashToast | null; clearHeader: string | null }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("flash=")) return { toast: null, clearHeader: null };
  return {
    toast: await readToast(cookieHeader, options),
    clearHeader: await flashCookie(options.secret, options.secure).serialize("", { maxAge: 0 }),
  };
}

/**
 * Whether a request carries a toast for its page (see readToast): a page with one is rendered for
 * this visitor; a made-up or stale `flash` cookie changes nothing and gets the shared page (issue 23).
 */
export async function hasPendingToast(request: Request, options: CookieOptions): Promise<boolean> {
  const cookieHeader = request.headers.get("Cookie");
  return !!cookieHeader?.includes("flash=") && (await readToast(cookieHeader, options)) !== null;
}

/** The cookie options every flash uses, from the configuration. */
export function flashOptions(env: { AUTH_SECRET: string; PUBLIC_URL: string }): CookieOptions {
  return { secret: env.AUTH_SECRET, secure: env.PUBLIC_URL.startsWith("https://") };
}

/** A redirect that shows a toast on the page it lands on. */
export async function redirectWithToast(
  to: string,
  toast: FlashToast,
  env: { AUTH_SECRET: string; PUBLIC_URL: string },
): Promise<Response> {
  return redirect(to, { headers: { "Set-Cookie": await setFlash(toast, flashOptions(env)) } });
}
