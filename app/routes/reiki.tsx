import { Icon } from "~/components/marketing/icons";
import { ExternalLink, ScrollLink } from "~/components/marketing/links";
import { NextStep } from "~/components/marketing/next-step";
import { Section } from "~/components/marketing/section";
import { SessionCard } from "~/components/marketing/session-card";
import { WellnessNote } from "~/components/marketing/wellness-note";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SectionHeader } from "~/components/ui/section-header";
import { reikiContent as content } from "~/content/reiki";
import { reikiPackages } from "~/content/sessions";
import { mailtoUrl, messagingUrl } from "~/content/site";
import { servicePicture } from "~/features/site-pictures/ui/service-picture";
import { useSitePictures } from "~/features/site-pictures/ui/site-picture";
import { siteFrom, useSite } from "~/features/site-settings/use-site";
import { testimonialsForPage } from "~/features/testimonials/list-testimonials.server";
import { TestimonialsSection } from "~/features/testimonials/ui/testimonials-section";
import { PageHero } from "~/layout/page-hero";
import { servicesContext } from "~/lib/context";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/reiki";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Reiki Energy Healing",
    description:
      "Reiki energy healing sessions for relaxation and wellbeing, in person or at a distance: One-on-One £50, Healing Journey £80, Transformation Journey £140.",
    path: "/reiki",
    origin: originFrom(matches),
    site: siteFrom(matches),
  });

/** Approved testimonials about this page's sessions (decision 050). */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return { testimonials: await testimonialsForPage(services, ["reiki"]) };
}

export default function Reiki({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const pictures = useSitePictures();
  const { hero, about, packages, aftercare, support, nextStep } = content;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro}>
        {/* The booking call is the first button a visitor sees (issue 27); the packages follow. */}
        <ButtonLink to={hero.secondary.to}>{hero.secondary.label}</ButtonLink>
        <ScrollLink target={hero.primary.target}>{hero.primary.label}</ScrollLink>
      </PageHero>

      <Section title={about.title} width="max-w-3xl">
        <div className="space-y-4 text-lg leading-relaxed text-muted">
          {about.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      </Section>

      <Section id={packages.id} title={packages.title} intro={packages.intro} tone="tinted">
        <div className="grid gap-6 lg:grid-cols-3">
          {reikiPackages.map((session) => (
            <SessionCard
              key={session.id}
              session={session}
              cta={packages.bookLabel}
              media={servicePicture(pictures, session.id)}
            />
          ))}
        </div>
        {/* Under the cards, from their left edge (a narrower centred column looked out of line). */}
        <div className="mt-10">
          <h3 className="text-xl">Booking and Cancellation</h3>
          <ul className="mt-3 list-disc space-y-1 pl-6 text-sm text-muted">
            {packages.terms.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
        </div>
      </Section>

      <section aria-labelledby="aftercare-heading" className="py-band sm:py-band-lg">
        <div className="mx-auto grid max-w-5xl gap-10 px-4 sm:px-6 md:grid-cols-[2fr_3fr] md:items-start">
          <SectionHeader id="aftercare-heading" title={aftercare.title} intro={aftercare.intro} align="start" />
          <Card as="div">
            <ul className="space-y-3">
              {aftercare.items.map((item) => (
                <li key={item} className="flex gap-3">
                  <Icon name="leaf" className="mt-0.5 size-5 shrink-0 text-gold-700" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </section>

      <Section title={support.title} intro={support.text} tone="tinted">
        <div className="flex flex-wrap justify-center gap-3">
          <a href={mailtoUrl(site)} className={buttonClass("secondary")}>
            <Icon name="mail" className="size-5" />
            E-mail {site.email}
          </a>
          <ExternalLink href={messagingUrl(site)} className={buttonClass("secondary")}>
            <Icon name="chat" className="size-5" />
            WhatsApp {site.messagingDisplay}
          </ExternalLink>
          <ButtonLink to="/gift-vouchers" variant="secondary">
            Give Reiki as a gift
          </ButtonLink>
        </div>
        <WellnessNote className="mt-12" />
      </Section>

      <TestimonialsSection testimonials={loaderData.testimonials} />

      <NextStep id="reiki-next-step" title={nextStep.title} text={nextStep.text}>
        <ButtonLink to={hero.secondary.to} variant="accent">
          {hero.secondary.label}
        </ButtonLink>
        <ScrollLink target={hero.primary.target} variant="on-dark">
          {hero.primary.label}
        </ScrollLink>
      </NextStep>
    </>
  );
}
