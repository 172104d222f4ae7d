import { useLocation, useNavigation } from "react-router";

/** Spec §2 and §4 loading texts, for a navigation into each section while its data is on the way. */
const SECTIONS = [
  { prefix: "/admin", label: "Loading admin panel..." },
  { prefix: "/products", label: "Loading sacred content..." },
  { prefix: "/my-purchases", label: "Loading your downloads..." },
] as const;

const sectionOf = (pathname: string) =>
  SECTIONS.find((s) => pathname === s.prefix || pathname.startsWith(`${s.prefix}/`));

/**
 * The page is rendered on the server, so a first visit never waits in the browser; a navigation
 * inside the site does, and then the section's loading text replaces the old page. It fades in
 * after a moment, so a quick answer never flashes it.
 */
export function usePendingSection(): string | null {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== "loading" || navigation.formData) return null;
  const target = sectionOf(navigation.location.pathname);
  if (!target || sectionOf(location.pathname) === target) return null;
  return target.label;
}

export function PendingScreen({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex min-h-[60dvh] animate-[fade-in_0.2s_ease-in_0.25s_both] flex-col items-center justify-center gap-4"
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-plum-200 border-t-plum-700"
      />
      <p className="text-muted">{label}</p>
    </div>
  );
}
