import { JsonLd } from "~/components/json-ld";
import { Icon, IconBadge } from "~/components/marketing/icons";
import { ButtonLink, ScrollLink } from "~/components/marketing/links";
import { Section } from "~/components/marketing/section";
import { homeContent as content } from "~/content/home";
import { toEventView } from "~/features/events/event-view";
import { listUpcomingEvents } from "~/features/events/list-events.server";
import { EventCard } from "~/features/events/ui/event-card";
import { practiceJsonLdFor } from "~/features/site-settings/practice-json-ld.server";
import { siteFrom, useSite } from "~/features/site-settings/use-site";
import { servicesContext } from "~/lib/context";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: siteFrom(matches).brand,
    description:
      "Holistic wellness in the UK: Reiki energy healing, ZYTO scans, aromatherapy and sacred song for relaxation and wellbeing.",
    path: "/",
    origin: originFrom(matches),
    site: siteFrom(matches),
  });

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [[next], practice] = await Promise.all([
    listUpcomingEvents(services.database.db, new Date(), 1),
    practiceJsonLdFor(services),
  ]);
  return { nextEvent: next ? toEventView(next) : null, practice };
}

export default function Home({ matches, loaderData }: Route.ComponentProps) {
  const { nextEvent, practice } = loaderData;
  const { hero, offerings, introduction, callToAction } = content(useSite());
  return (
    <>
      <JsonLd data={practice} />
      <section className="relative overflow-hidden bg-gradient-to-br from-plum-800 via-plum-700 to-plum-500 text-white">
        <div aria-hidden="true" className="absolute -top-24 -right-24 size-96 rounded-full bg-gold-300/20 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-32 -left-16 size-96 rounded-full bg-plum-200/20 blur-3xl" />
        <div className="relative mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 sm:py-28">
          <p className="text-sm font-semibold tracking-widest text-gold-300 uppercase">{hero.eyebrow}</p>
          <h1 className="mt-3 text-4xl text-white sm:text-6xl">{hero.title}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-plum-100">{hero.intro}</p>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <ButtonLink to={hero.primary.to} className="btn-gold">
              {hero.primary.label}
            </ButtonLink>
            <ScrollLink
              target={hero.secondary.target}
              className="btn border border-white/70 text-white hover:bg-white/10"
            >
              {hero.secondary.label}
            </ScrollLink>
          </div>
        </div>
      </section>

      <Section id={offerings.id} title={offerings.title} intro={offerings.intro}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {offerings.cards.map((card) => (
            <li key={card.to} className="card flex flex-col p-6">
              <IconBadge name={card.icon} />
              <h3 className="mt-4 text-xl">{card.title}</h3>
              <p className="mt-2 flex-1 text-sm text-muted">{card.text}</p>
              <ButtonLink to={card.to} className="btn-ghost mt-4 self-start px-0">
                {card.cta}
                <Icon name="right" className="size-4" />
              </ButtonLink>
            </li>
          ))}
        </ul>
      </Section>

      {nextEvent ? (
        <Section title="Next Event" width="max-w-3xl">
          <div data-testid="next-event">
            <EventCard event={nextEvent} origin={originFrom(matches)} />
          </div>
          <div className="mt-6 text-center">
            <ButtonLink to="/media-events#events" className="btn-outline">
              All Upcoming Events
            </ButtonLink>
          </div>
        </Section>
      ) : null}

      <Section title={introduction.title} tone="tinted" width="max-w-3xl">
        <div className="space-y-4 text-lg leading-relaxed text-muted">
          {introduction.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
        <div className="mt-8 text-center">
          <ButtonLink to={introduction.link.to} className="btn-outline">
            {introduction.link.label}
          </ButtonLink>
        </div>
      </Section>

      <Section title={callToAction.title} intro={callToAction.text}>
        <div className="flex flex-wrap justify-center gap-3">
          <ButtonLink to={callToAction.primary.to}>{callToAction.primary.label}</ButtonLink>
          <ButtonLink to={callToAction.secondary.to} className="btn-outline">
            {callToAction.secondary.label}
          </ButtonLink>
          <ButtonLink to="/gift-vouchers" className="btn-outline">
            Gift Vouchers
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
