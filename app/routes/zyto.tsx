import { Icon, IconBadge } from "~/components/marketing/icons";
import { ButtonLink, ScrollLink } from "~/components/marketing/links";
import { Section } from "~/components/marketing/section";
import { SessionCard } from "~/components/marketing/session-card";
import { scanSessions } from "~/content/sessions";
import { zytoExplainer } from "~/content/videos";
import { zytoContent as content } from "~/content/zyto";
import { VideoFacade } from "~/features/media/video-facade";
import { siteFrom, useSite } from "~/features/site-settings/use-site";
import { PageHero } from "~/layout/page-hero";
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

export default function Zyto() {
  const site = useSite();
  const { hero, process, video, benefits, sessions, importantNotes, synergy, closing } = content;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro}>
        <ScrollLink target={hero.primary.target} className="btn-primary">
          {hero.primary.label}
        </ScrollLink>
        <ScrollLink target={hero.secondary.target}>{hero.secondary.label}</ScrollLink>
      </PageHero>

      <Section id={process.id} title={process.title}>
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {process.steps.map((step, index) => (
            <li key={step.title} className="card p-6">
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-plum-700 font-serif text-lg text-white">
                {index + 1}
              </span>
              <h3 className="mt-4 text-xl">{step.title}</h3>
              <p className="mt-2 text-sm text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section title={video.title} intro={video.description} tone="tinted" width="max-w-4xl">
        <VideoFacade video={{ ...zytoExplainer, youtubeId: site.videos.zyto || zytoExplainer.youtubeId }} />
      </Section>

      <Section title={benefits.title}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.items.map((item, index) => (
            <li key={item.title} className="card flex gap-4 p-6">
              <IconBadge name={benefitIcons[index % benefitIcons.length] ?? "star"} />
              <div>
                <h3 className="text-lg">{item.title}</h3>
                <p className="mt-1 text-sm text-muted">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id={sessions.id} title={sessions.title} intro={sessions.intro} tone="tinted">
        <div className="grid gap-6 lg:grid-cols-3">
          {scanSessions.map((session) => (
            <SessionCard key={session.id} session={session} cta={sessions.scheduleLabel} />
          ))}
        </div>
      </Section>

      <section aria-labelledby="important-notes" className="px-4 py-16 sm:px-6">
        <div className="card mx-auto max-w-3xl border-gold-500 p-6 sm:p-8">
          <h2 id="important-notes" className="flex items-center gap-3 text-2xl">
            <Icon name="sparkle" className="size-6 text-gold-700" />
            {importantNotes.title}
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-6 text-muted">
            {importantNotes.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </section>

      <Section title={synergy.title} intro={synergy.intro} tone="tinted" width="max-w-4xl">
        <ul className="grid gap-6 md:grid-cols-2">
          {synergy.cards.map((card) => (
            <li key={card.title} className="card flex flex-col p-6 sm:p-8">
              <h3 className="text-2xl">{card.title}</h3>
              <p className="mt-3 flex-1 text-muted">{card.text}</p>
              <ButtonLink to={card.link.to} className="btn-ghost mt-4 self-start px-0">
                {card.link.label}
                <Icon name="right" className="size-4" />
              </ButtonLink>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={closing.title} intro={closing.text}>
        <div className="flex flex-wrap justify-center gap-3">
          <ButtonLink to={closing.primary.to}>{closing.primary.label}</ButtonLink>
          <ButtonLink to={closing.secondary.to} className="btn-outline">
            {closing.secondary.label}
          </ButtonLink>
          <ButtonLink to="/gift-vouchers" className="btn-outline">
            Give a ZYTO scan as a gift
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
