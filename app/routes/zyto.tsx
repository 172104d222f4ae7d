import { Icon, IconBadge } from "~/components/marketing/icons";
import { ScrollLink } from "~/components/marketing/links";
import { NextStep } from "~/components/marketing/next-step";
import { Section } from "~/components/marketing/section";
import { SessionCard } from "~/components/marketing/session-card";
import { StepPath } from "~/components/marketing/step-path";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { scanSessions } from "~/content/sessions";
import { zytoExplainer } from "~/content/videos";
import { zytoContent as content } from "~/content/zyto";
import { VideoFacade } from "~/features/media/video-facade";
import { servicePicture } from "~/features/site-pictures/ui/service-picture";
import { useSitePictures } from "~/features/site-pictures/ui/site-picture";
import { siteFrom, useSite } from "~/features/site-settings/use-site";
import { testimonialsForPage } from "~/features/testimonials/list-testimonials.server";
import { TestimonialsSection } from "~/features/testimonials/ui/testimonials-section";
import { PageHero } from "~/layout/page-hero";
import { servicesContext } from "~/lib/context";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/zyto";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "ZYTO Bioenergetic Scan",
    description:
      "Non-invasive ZYTO bioenergetic scans with a PDF report and wellness insights: 30-minute scan £44, with spiritual guidance £66, with Reiki £77.",
    path: "/zyto",
    origin: originFrom(matches),
    site: siteFrom(matches),
  });

const benefitIcons = ["leaf", "clock", "sparkle", "book", "heart", "hands"] as const;

/** Approved testimonials about this page's sessions (decision 050). */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return { testimonials: await testimonialsForPage(services, ["zyto"]) };
}

export default function Zyto({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const pictures = useSitePictures();
  const { hero, process, video, benefits, sessions, importantNotes, synergy, closing } = content;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro}>
        {/* The booking call is the first button a visitor sees (issue 27); then the sessions, then how it works. */}
        <ButtonLink to={closing.primary.to}>{closing.primary.label}</ButtonLink>
        <ScrollLink target={hero.primary.target}>{hero.primary.label}</ScrollLink>
        <ScrollLink target={hero.secondary.target} variant="quiet">
          {hero.secondary.label}
        </ScrollLink>
      </PageHero>

      <Section id={process.id} title={process.title}>
        <StepPath steps={process.steps} />
      </Section>

      <Section title={video.title} intro={video.description} tone="tinted" width="max-w-4xl">
        <VideoFacade video={{ ...zytoExplainer, youtubeId: site.videos.zyto || zytoExplainer.youtubeId }} />
      </Section>

      <Section title={benefits.title}>
        {/* A plain list beside icons, not another grid of cards: the cards on this page are the sessions. */}
        <ul className="grid gap-x-10 gap-y-8 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.items.map((item, index) => (
            <li key={item.title} className="flex gap-4">
              <IconBadge name={benefitIcons[index % benefitIcons.length] ?? "star"} />
              <div>
                <h3 className="text-lg">{item.title}</h3>
                <p className="mt-1 text-muted">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id={sessions.id} title={sessions.title} intro={sessions.intro} tone="tinted">
        <div className="grid gap-6 lg:grid-cols-3">
          {scanSessions.map((session) => (
            <SessionCard
              key={session.id}
              session={session}
              cta={sessions.scheduleLabel}
              media={servicePicture(pictures, session.id)}
            />
          ))}
        </div>
      </Section>

      <section aria-labelledby="important-notes" className="px-4 py-band sm:px-6">
        <Card tone="highlight" className="mx-auto max-w-3xl">
          <h2 id="important-notes" className="flex items-center gap-3 text-2xl">
            <Icon name="sparkle" className="size-6 text-gold-700" />
            {importantNotes.title}
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-6 text-muted">
            {importantNotes.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </Card>
      </section>

      <Section title={synergy.title} intro={synergy.intro} tone="tinted" width="max-w-4xl">
        <ul className="grid gap-6 md:grid-cols-2">
          {synergy.cards.map((card) => (
            <Card as="li" key={card.title} className="flex flex-col">
              <h3 className="text-2xl">{card.title}</h3>
              <p className="mt-3 flex-1 text-muted">{card.text}</p>
              <ButtonLink to={card.link.to} variant="quiet" className="mt-4 self-start px-0">
                {card.link.label}
                <Icon name="right" className="size-4" />
              </ButtonLink>
            </Card>
          ))}
        </ul>
      </Section>

      <TestimonialsSection testimonials={loaderData.testimonials} />

      <NextStep id="zyto-next-step" title={closing.title} text={closing.text}>
        <ButtonLink to={closing.primary.to} variant="accent">
          {closing.primary.label}
        </ButtonLink>
        <ButtonLink to={closing.secondary.to} variant="on-dark">
          {closing.secondary.label}
        </ButtonLink>
        <ButtonLink to="/gift-vouchers" variant="on-dark">
          Give a ZYTO scan as a gift
        </ButtonLink>
      </NextStep>
    </>
  );
}
