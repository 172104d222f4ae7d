import { useId, useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { acceptAll, choiceFromPreferences, rejectAll, saveConsent, useConsent } from "./consent";

/** Shown until the visitor makes a choice (spec §2 Cookie banner, §4 Cookie consent). */
export function CookieBanner() {
  const consent = useConsent();
  const [managing, setManaging] = useState(false);
  // Optional categories start off: pre-ticked boxes are not valid consent (UK GDPR / PECR).
  const [analytics, setAnalytics] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const headingId = useId();

  // Rendered on the server too (the choice is not known there), so it is part of the first paint;
  // when a choice is stored, the inline script of the document head hides it before that paint.
  if (consent) return null;

  return (
    <section
      aria-labelledby={headingId}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-plum-200 bg-white/95 shadow-2xl backdrop-blur [html[data-consent-stored]_&]:hidden"
    >
      <div className="relative mx-auto max-w-5xl px-4 py-5 sm:px-6">
        <button
          type="button"
          onClick={() => saveConsent(rejectAll)}
          aria-label="Close and reject all optional cookies"
          className="absolute top-3 right-3 rounded-full p-2 text-muted hover:bg-plum-50"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
        <h2 id={headingId} className="pr-10 text-lg">
          {managing ? "Manage your cookie choices" : "We value your privacy"}
        </h2>
        {managing ? (
          <div className="mt-3 space-y-3">
            <CategoryRow
              title="Necessary"
              description="Needed for the site to work: sign-in, your cart and this choice."
            >
              <span className="text-sm font-semibold text-plum-700">Always active</span>
            </CategoryRow>
            <CategoryRow title="Analytics" description="Help us understand how the site is used.">
              <Toggle label="Analytics cookies" checked={analytics} onChange={setAnalytics} />
            </CategoryRow>
            <CategoryRow title="Marketing" description="Embedded videos from YouTube and social media content.">
              <Toggle label="Marketing cookies" checked={marketing} onChange={setMarketing} />
            </CategoryRow>
            <div className="flex flex-wrap gap-3 pt-2">
              <button
                type="button"
                className={buttonClass("primary")}
                onClick={() => saveConsent(choiceFromPreferences({ analytics, marketing }))}
              >
                Save choices
              </button>
              <button type="button" className={buttonClass("quiet")} onClick={() => setManaging(false)}>
                Back
              </button>
            </div>
          </div>
        ) : (
          <>
            <p className="mt-2 max-w-3xl text-sm text-muted">
              We use necessary cookies to make this site work. With your permission we would also like to use analytics
              and marketing cookies (such as embedded videos). Read our{" "}
              <Link to="/cookie-policy" className="font-medium text-plum-700 underline">
                Cookie Policy
              </Link>
              .
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <button type="button" className={buttonClass("primary")} onClick={() => saveConsent(acceptAll)}>
                Accept all
              </button>
              <button type="button" className={buttonClass("secondary")} onClick={() => saveConsent(rejectAll)}>
                Reject all
              </button>
              <button type="button" className={buttonClass("quiet")} onClick={() => setManaging(true)}>
                Manage choices
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}

function CategoryRow({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl bg-plum-50 px-4 py-3">
      <div>
        <p className="font-semibold text-plum-900">{title}</p>
        <p className="text-sm text-muted">{description}</p>
      </div>
      {children}
    </div>
  );
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <input
      type="checkbox"
      role="switch"
      checked={checked}
      aria-checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      aria-label={label}
      className="relative h-7 w-12 shrink-0 cursor-pointer appearance-none rounded-full bg-gray-500 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-6 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-plum-600 checked:before:translate-x-5"
    />
  );
}
