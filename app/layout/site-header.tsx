import { useId, useLayoutEffect, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { mainNav } from "~/content/navigation";
import { useSite } from "~/features/site-settings/use-site";

export type HeaderUser = { greetingName: string; isAdmin: boolean };

/** A product page belongs to the Products section, so its link shows as the current one there. */
const inSection = (to: string, pathname: string) => to === "/products" && pathname.startsWith("/product/");

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-full px-2.5 py-1.5 text-sm font-medium transition-colors ${
    isActive ? "bg-plum-100 text-plum-900" : "text-plum-800 hover:bg-plum-50"
  }`;

export function SiteHeader({ user, cart }: { user: HeaderUser | null; cart?: React.ReactNode }) {
  const site = useSite();
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // The menu belongs to the page it was opened on, so it is shut once the page changes. Derived, not
  // shut by an effect after the fact: an effect running after a tap (the header's first one, or one
  // for a page that has just arrived) would shut a menu the tap had only just opened. The address is
  // the browser's at the tap, as a navigation changes it a moment before the new page renders.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? window.location.pathname : null);

  // Before the next paint, so the opened menu has the focus before any key that follows the one that
  // opened it (Preact runs plain effects after a paint: decision 063).
  useLayoutEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpenOn(null);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-plum-100 bg-cream">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-24 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="flex shrink-0 items-center gap-2 font-serif text-xl text-plum-900 sm:text-2xl">
          <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 text-gold-500" fill="currentColor">
            <path d="M16 3c2 5 6 8 11 9-5 1-9 4-11 9-2-5-6-8-11-9 5-1 9-4 11-9z" />
            <circle cx="16" cy="25" r="3" />
          </svg>
          {site.brand}
        </Link>

        <div className="hidden flex-col items-end gap-1 xl:flex">
          <div className="flex items-center gap-2">
            {cart}
            <AccountActions user={user} compact />
          </div>
          <nav aria-label="Main">
            <ul className="flex items-center">
              {mainNav.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.to === "/"}
                    className={({ isActive }) =>
                      navLinkClass({ isActive: isActive || inSection(item.to, location.pathname) })
                    }
                    reloadDocument={item.to === "/app"}
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>

        <div className="flex items-center gap-2 xl:hidden">
          {cart}
          <div className="hidden items-center gap-2 lg:flex">
            {/* Beside the menu button there is less room than on the widest screens: no greeting. */}
            <AccountActions user={user} compact greeting={false} />
          </div>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full text-plum-800 hover:bg-plum-50"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? "Close menu" : "Open menu"}
            onClick={() => setOpen(!open)}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </div>

      <div
        ref={menuRef}
        id={menuId}
        hidden={!open}
        className="max-h-[calc(100dvh-6rem)] overflow-y-auto border-t border-plum-100 bg-cream px-4 pb-6 xl:hidden"
      >
        <nav aria-label="Mobile">
          <ul className="grid gap-1 pt-3 sm:grid-cols-2">
            {mainNav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  reloadDocument={item.to === "/app"}
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    `block rounded-xl px-4 py-3 font-medium ${isActive || inSection(item.to, location.pathname) ? "bg-plum-100 text-plum-900" : "text-plum-800 hover:bg-plum-50"}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-4 grid grid-cols-2 items-center gap-2 border-t border-plum-100 pt-4 lg:hidden">
          <AccountActions user={user} />
        </div>
      </div>
    </header>
  );
}

// "Sign In" is outlined: the page's own call (Book, Buy) is the first filled button a visitor sees.
function AccountActions({
  user,
  compact = false,
  greeting = true,
}: {
  user: HeaderUser | null;
  compact?: boolean;
  greeting?: boolean;
}) {
  // In the phone menu's two columns: the links in pairs, lined up with the menu's own; the greeting
  // and the buttons across both.
  const compactSize = "min-h-9 px-4 py-1.5";
  const link = compact ? compactSize : "w-full justify-start px-4";
  const button = compact ? compactSize : "w-full";
  const across = compact ? "" : "col-span-2";
  if (!user) {
    return (
      <Link to="/auth" className={buttonClass("secondary", `whitespace-nowrap ${button} ${across}`)}>
        Sign In
      </Link>
    );
  }
  return (
    <>
      {greeting ? (
        <span
          className={`max-w-56 truncate text-sm whitespace-nowrap text-plum-800 ${compact ? "" : "col-span-2 px-4"}`}
        >
          Welcome, {user.greetingName}
        </span>
      ) : null}
      <Link to="/my-purchases" className={buttonClass("quiet", `whitespace-nowrap ${link}`)}>
        My Downloads
      </Link>
      <Link to="/my-sessions" className={buttonClass("quiet", `whitespace-nowrap ${link}`)}>
        My Sessions
      </Link>
      <Link to="/account" className={buttonClass("quiet", `whitespace-nowrap ${link}`)}>
        My Account
      </Link>
      {user.isAdmin ? (
        <Link to="/admin" className={buttonClass("quiet", `whitespace-nowrap ${link}`)}>
          Admin
        </Link>
      ) : null}
      <Form method="post" action="/sign-out" className={across}>
        <button type="submit" className={buttonClass("secondary", `whitespace-nowrap ${button}`)}>
          Sign Out
        </button>
      </Form>
    </>
  );
}
