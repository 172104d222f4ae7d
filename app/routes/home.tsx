import { JsonLd } from "~/components/json-ld";
import { Icon, IconBadge } from "~/components/marketing/icons";
import { ScrollLink } from "~/components/marketing/links";
import { NextStep } from "~/components/marketing/next-step";
import { Section } from "~/components/marketing/section";
import { StepPath } from "~/components/marketing/step-path";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { homeContent as content } from "~/content/home";
import { readPublicHours } from "~/features/booking/read-public-hours.server";
import { toEventView } from "~/features/events/event-view";
import { listUpcomingEvents } from "~/features/events/list-events.server";
import { EventCard } from "~/features/events/ui/event-card";
import { SitePicture, useSitePictures } from "~/features/site-pictures/ui/site-picture";
import { practiceJsonLdFor } from "~/features/site-settings/practice-json-ld.server";
import { siteFrom, useSite } from "~/features/site-settings/use-site";
import { testimonialsForPage } from "~/features/testimonials/list-testimonials.server";
import { TestimonialsSection } from "~/features/testimonials/ui/testimonials-section";
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
  const [[next], practice, testimonials] = await Promise.all([
    listUpcomingEvents(services.database.db, new Date(), 1),
    readPublicHours(services).then((hours) => practiceJsonLdFor(services, hours ?? undefined)),
    testimonialsForPage(services, ["reiki", "zyto", "shop"], 3),
  ]);
  return { nextEvent: next ? toEventView(next) : null, practice, testimonials };
}

export default function Home({ matches, loaderData }: Route.ComponentProps) {
  const { nextEvent, practice, testimonials } = loaderData;
  const { hero, offerings, introduction, steps, callToAction } = content(useSite());
  const pictures = useSitePictures();
  const heroPicture = pictures["home-hero"];
  const portrait = pictures.portrait;
  // The two sessions she gives lead the offerings, with her picture of each when she has one; the
  // two things to use at home follow as a lighter row (issue 27: not four identical icon cards).
  const services = offerings.cards.filter((card) => card.to in servicePictureSlot);
  const atHome = offerings.cards.filter((card) => !(card.to in servicePictureSlot));
  return (
    <>
      <JsonLd data={practice} />
      <section className="relative overflow-hidden bg-gradient-to-br from-plum-800 via-plum-700 to-plum-500 text-white">
        <div aria-hidden="true" className="absolute -top-24 -right-24 size-96 rounded-full bg-gold-300/20 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-32 -left-16 size-96 rounded-full bg-plum-200/20 blur-3xl" />
        <div
          className={
            heroPicture
              ? "relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2"
              : "relative mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 sm:py-28"
          }
        >
          <div className={heroPicture ? "text-center lg:text-left" : undefined}>
            <p className="text-eyebrow font-semibold text-gold-300 uppercase">{hero.eyebrow}</p>
            <h1 className="mt-3 text-display text-white sm:text-6xl">{hero.title}</h1>
            <p className={`mt-6 max-w-2xl text-lead text-plum-100 ${heroPicture ? "mx-auto lg:mx-0" : "mx-auto"}`}>
              {hero.intro}
            </p>
            <div className={`mt-10 flex flex-wrap justify-center gap-3 ${heroPicture ? "lg:justify-start" : ""}`}>
              <ButtonLink to={hero.primary.to} variant="accent">
                {hero.primary.label}
              </ButtonLink>
              <ScrollLink target={hero.secondary.target} variant="on-dark">
                {hero.secondary.label}
              </ScrollLink>
            </div>
          </div>
          {heroPicture ? (
            <div className="overflow-hidden rounded-3xl shadow-2xl ring-1 ring-white/20">
              <SitePicture
                picture={heroPicture}
                sizes="(min-width: 1152px) 33rem, (min-width: 1024px) 46vw, 100vw"
                priority
                className="aspect-[4/3] h-auto w-full object-cover"
              />
            </div>
          ) : null}
        </div>
      </section>

      <Section id={offerings.id} title={offerings.title} intro={offerings.intro}>
        <ul className="grid gap-6 lg:grid-cols-2">
          {services.map((card) => {
            const picture = pictures[servicePictureSlot[card.to as keyof typeof servicePictureSlot]];
            return (
              <Card as="li" key={card.to} padded={false} className="flex flex-col overflow-hidden">
                {picture ? (
                  <SitePicture
                    picture={picture}
                    sizes="(min-width: 1152px) 35rem, (min-width: 1024px) 48vw, 100vw"
                    className="aspect-[16/9] h-auto w-full object-cover"
                  />
                ) : (
                  <div aria-hidden="true" className="h-2 bg-gradient-to-r from-plum-600 via-plum-500 to-gold-500" />
                )}
                <div className="flex flex-1 flex-col p-card sm:p-card-lg">
                  <div className="flex items-center gap-4">
                    <IconBadge name={card.icon} />
                    <h3 className="text-2xl">{card.title}</h3>
                  </div>
                  <p className="mt-4 flex-1 text-muted">{card.text}</p>
                  <ButtonLink to={card.to} variant="secondary" className="mt-6 self-start">
                    {card.cta}
                    <Icon name="right" className="size-4" />
                  </ButtonLink>
                </div>
              </Card>
            );
          })}
        </ul>
        <ul className="mt-6 grid gap-6 md:grid-cols-2">
          {atHome.map((card) => (
            <li key={card.to} className="flex gap-4 rounded-card bg-plum-50 p-card">
              <IconBadge name={card.icon} />
              <div className="flex flex-col">
                <h3 className="text-xl">{card.title}</h3>
                <p className="mt-1 flex-1 text-sm text-muted">{card.text}</p>
                <ButtonLink to={card.to} variant="quiet" className="mt-2 self-start px-0">
                  {card.cta}
                  <Icon name="right" className="size-4" />
                </ButtonLink>
              </div>
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
            <ButtonLink to="/media-events#events" variant="secondary">
              All Upcoming Events
            </ButtonLink>
          </div>
        </Section>
      ) : null}

      <Section title={introduction.title} tone="tinted" width={portrait ? "max-w-5xl" : "max-w-3xl"}>
        <div className={portrait ? "grid items-center gap-10 md:grid-cols-[2fr_3fr]" : undefined}>
          {portrait ? (
            <div className="mx-auto w-full max-w-sm overflow-hidden rounded-3xl shadow-lg">
              <SitePicture
                picture={portrait}
                sizes="(min-width: 768px) 24rem, 100vw"
                priority={!heroPicture}
                className="aspect-[4/5] h-auto w-full object-cover"
              />
            </div>
          ) : null}
          <div>
            <div className="space-y-4 text-lead text-muted">
              {introduction.paragraphs.map((text) => (
                <p key={text}>{text}</p>
              ))}
            </div>
            <div className={portrait ? "mt-8 text-center md:text-left" : "mt-8 text-center"}>
              <ButtonLink to={introduction.link.to} variant="secondary">
                {introduction.link.label}
              </ButtonLink>
            </div>
          </div>
        </div>
      </Section>

      <Section title={steps.title} width="max-w-5xl">
        <StepPath steps={steps.items} />
      </Section>

      <TestimonialsSection testimonials={testimonials} />

      <NextStep id="next-step" title={callToAction.title} text={callToAction.text}>
        <ButtonLink to={callToAction.primary.to} variant="accent">
          {callToAction.primary.label}
        </ButtonLink>
        <ButtonLink to={callToAction.secondary.to} variant="on-dark">
          {callToAction.secondary.label}
        </ButtonLink>
        <ButtonLink to="/gift-vouchers" variant="on-dark">
          Gift Vouchers
        </ButtonLink>
      </NextStep>
    </>
  );
}

/** Her picture for each session page's offering: the first session of each. */
const servicePictureSlot = { "/reiki": "service-one-on-one", "/zyto": "service-standard-scan" } as const;
