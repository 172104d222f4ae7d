import { Link } from "react-router";
import { LegalPage } from "~/components/marketing/legal-page";
import { buttonClass } from "~/components/ui/button";
import { reviewPolicy as legalDocument } from "~/content/legal/review-policy";
import { siteFrom, useSite } from "~/features/site-settings/use-site";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/review-policy";

export const meta: Route.MetaFunction = ({ matches }) => {
  const document = legalDocument(siteFrom(matches));
  return pageMeta({
    title: document.title,
    description: document.description,
    path: "/review-policy",
    origin: originFrom(matches),
    site: siteFrom(matches),
  });
};

export default function Page() {
  const document = legalDocument(useSite());
  return (
    <LegalPage document={document}>
      <p>
        <Link to="/testimonials/new" className={buttonClass("primary", "no-underline")}>
          Leave a Testimonial
        </Link>
      </p>
    </LegalPage>
  );
}
