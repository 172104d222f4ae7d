import { useEffect } from "react";
import { useSite } from "~/features/site-settings/use-site";
import type { Route } from "./+types/app-redirect";

export const meta: Route.MetaFunction = () => [
  { title: "Redirecting to App... | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

/** /app forwards to the external app, replacing this entry in the history. */
export default function AppRedirect() {
  const site = useSite();
  useEffect(() => {
    window.location.replace(site.appUrl);
  }, [site.appUrl]);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-xl text-plum-800" role="status">
        Redirecting to App...
      </p>
      <noscript>
        <p className="mt-4">
          <a href={site.appUrl}>Continue to the app</a>
        </p>
      </noscript>
    </section>
  );
}
