import { createCookie, redirect } from "react-router";
import { z } from "~/lib/zod";

/** A one-time toast that survives a redirect (for example 'Access Denied' after leaving /admin). */
export const flashToastSchema = z.object({
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "destructive", "warning"]).default("default"),
});
export type FlashToast = z.infer<typeof flashToastSchema>;

function flashCookie(secret: string, secure: boolean) {
  return createCookie("flash", { httpOnly: true, sameSite: "lax", path: "/", secure, secrets: [secret], maxAge: 60 });
}

type CookieOptions = { secret: string; secure: boolean };

export async function setFlash(toast: FlashToast, options: CookieOptions): Promise<string> {
  return flashCookie(options.secret, options.secure).serialize(toast);
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function takeFlash(
  request: Request,
  options: CookieOptions,
): Promise<{ toast: FlashToast | null; clearHeader: string | null }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("flash=")) return { toast: null, clearHeader: null };
  const cookie = flashCookie(options.secret, options.secure);
  const parsed = flashToastSchema.safeParse(await cookie.parse(cookieHeader));
  return {
    toast: parsed.success ? parsed.data : null,
    clearHeader: await cookie.serialize("", { maxAge: 0 }),
  };
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
