import { useEffect, useLayoutEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import headingFont from "@fontsource/lora/files/lora-latin-400-normal.woff2?url";
import bodyFont from "@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff2?url";
import { useNonce } from "./components/nonce";
import { showToast, ToastHost } from "./components/ui/toast";
import { getHeaderUser } from "./features/accounts/get-header-user.server";
import { readPublicHours } from "./features/booking/read-public-hours.server";
import { forgetBookingDrafts } from "./features/booking/ui/forget-booking-drafts";
import { consentMarkerScript } from "./features/consent/consent";
import { CookieBanner } from "./features/consent/cookie-banner";
import { CartButton } from "./features/shop/ui/cart-button";
import { CartProvider } from "./features/shop/ui/cart-provider";
import { listSitePictures } from "./features/site-pictures/list-site-pictures.server";
import { getShownSite } from "./features/site-settings/get-site-settings.server";
import { PageError } from "./layout/page-error";
import { PendingScreen, usePendingSection } from "./layout/pending-screen";
import { SiteFooter } from "./layout/site-footer";
import { SiteHeader } from "./layout/site-header";
import { servicesContext } from "./lib/context";
import { flashOptions, takeFlash } from "./lib/flash.server";
import {
  HYDRATED_ATTRIBUTE,
  holdEarlyClicksScript,
  REPLAY_CLICKS,
  STOP_HOLDING_CLICKS,
  startAfterPaintScript,
} from "./lib/hydrate-after-paint";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { env } = services;
  const { toast, clearHeader } = await takeFlash(request, flashOptions(env));
  // The frame (header, footer) survives a database outage, so a page whose data fails to load still
  // shows it with the visitor's account state (issue 14 item 5, decision 034).
  const [user, shown, hours, pictures] = await Promise.all([
    getHeaderUser(request, services),
    getShownSite(services.database.db),
    readPublicHours(services),
    listSitePictures(services.database.db),
  ]);
  // The footer's hours are the ones clients can book (decision 047).
  const site = hours ? { ...shown, ...hours } : shown;
  // Her share picture travels with the site's details, which every page's meta already reads.
  const shareImage = pictures.share ? { path: pictures.share.src, alt: pictures.share.alt } : undefined;
  return data(
    { user, flash: toast, publicUrl: env.PUBLIC_URL, site: { ...site, shareImage }, pictures },
    clearHeader ? { headers: { "Set-Cookie": clearHeader } } : undefined,
  );
}

type RootData = Awaited<ReturnType<typeof loader>>["data"];

/**
 * The frame's data as this browser last had it. Single fetch asks for every loader of a navigation in
 * one request, the root's included, so a request lost on the way (a dropped connection) failed the
 * root too: the whole page became the root's error screen, offering 'Sign In' to someone signed in.
 * The root keeps what it had instead, and the page's own ErrorBoundary shows the §8 toast and Retry
 * (decision 034). In the browser only; the server never runs this.
 */
let lastRootData: RootData | undefined;

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    lastRootData = await serverLoader();
    return lastRootData;
  } catch (error) {
    if (lastRootData) return lastRootData;
    throw error;
  }
}

/** Both faces are preloaded: the first heading and the first paragraph of every page paint in them. */
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: headingFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: bodyFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  // The page as it arrived is the first data the root's clientLoader can fall back on.
  if (typeof document !== "undefined" && rootData && !lastRootData) lastRootData = rootData;
  // In the layout, so an error page hydrates the same way as a page.
  useLayoutEffect(() => {
    // Committed: React has every click from now on (decision 024, hydrate-after-paint.ts).
    (window as unknown as Record<string, (() => void) | undefined>)[STOP_HOLDING_CLICKS]?.();
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "committed");
  }, []);
  useEffect(() => {
    // Hydrated: clicks made while the scripts were on their way now reach their buttons, once.
    (window as unknown as Record<string, (() => void) | undefined>)[REPLAY_CLICKS]?.();
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "live");
  }, []);
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#432554" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script of ours, under this response's nonce */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: consentMarkerScript }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script of ours, under this response's nonce */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: holdEarlyClicksScript }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <CartProvider>
          <SiteHeader user={rootData?.user ?? null} cart={<CartButton />} />
          <main id="main" className="flex-1">
            {children}
          </main>
        </CartProvider>
        <SiteFooter />
        <CookieBanner />
        <ToastHost />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script of ours, under this response's nonce */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: startAfterPaintScript }} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const flash = loaderData.flash;
  const pending = usePendingSection();
  useEffect(() => {
    if (flash) showToast(flash);
  }, [flash]);
  const signedIn = loaderData.user !== null;
  useEffect(() => {
    if (!signedIn) forgetBookingDrafts();
  }, [signedIn]);
  return pending ? <PendingScreen label={pending} /> : <Outlet />;
}

/** Only the root's own data failing comes here; a page's error stays below it (routes/pages.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
