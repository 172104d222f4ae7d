import { Icon } from "~/components/marketing/icons";
import { ButtonLink, ExternalLink, ScrollLink } from "~/components/marketing/links";
import { Section } from "~/components/marketing/section";
import { SessionCard } from "~/components/marketing/session-card";
import { WellnessNote } from "~/components/marketing/wellness-note";
import { reikiContent as content } from "~/content/reiki";
import { reikiPackages } from "~/content/sessions";
import { mailtoUrl, messagingUrl } from "~/content/site";
import { siteFrom, useSite } from "~/features/site-settings/use-site";
import { PageHero } from "~/layout/page-hero";
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

export default function Reiki() {
  const site = useSite();
  const { hero, about, packages, aftercare, support } = content;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro}>
        <ScrollLink target={hero.primary.target} className="btn-primary">
          {hero.primary.label}
        </ScrollLink>
        <ButtonLink to={hero.secondary.to} className="btn-outline">
          {hero.secondary.label}
        </ButtonLink>
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
            <SessionCard key={session.id} session={session} cta={packages.bookLabel} />
          ))}
        </div>
        <div className="mx-auto mt-10 max-w-3xl">
          <h3 className="text-xl">Booking and Cancellation</h3>
          <ul className="mt-3 list-disc space-y-1 pl-6 text-sm text-muted">
            {packages.terms.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
        </div>
      </Section>

      <Section title={aftercare.title} intro={aftercare.intro} width="max-w-3xl">
        <ul className="space-y-3">
          {aftercare.items.map((item) => (
            <li key={item} className="flex gap-3">
              <Icon name="leaf" className="mt-0.5 size-5 shrink-0 text-gold-700" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={support.title} intro={support.text} tone="tinted">
        <div className="flex flex-wrap justify-center gap-3">
          <a href={mailtoUrl(site)} className="btn-primary">
            <Icon name="mail" className="size-5" />
            E-mail {site.email}
          </a>
          <ExternalLink href={messagingUrl(site)} className="btn-outline">
            <Icon name="chat" className="size-5" />
            WhatsApp {site.messagingDisplay}
          </ExternalLink>
          <ButtonLink to="/gift-vouchers" className="btn-outline">
            Give Reiki as a gift
          </ButtonLink>
        </div>
        <WellnessNote className="mt-12" />
      </Section>
    </>
  );
}
