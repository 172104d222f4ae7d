import { Fragment } from "react";
import { JsonLd } from "~/components/json-ld";
import { Icon, type IconName } from "~/components/marketing/icons";
import { ExternalLink } from "~/components/marketing/links";
import { Section } from "~/components/marketing/section";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FaqList } from "~/components/ui/faq-list";
import { contactContent as content } from "~/content/contact";
import { contactFaqs } from "~/content/faqs";
import { mailtoUrl, messagingUrl } from "~/content/site";
import { readPublicHours } from "~/features/booking/read-public-hours.server";
import { practiceJsonLdFor } from "~/features/site-settings/practice-json-ld.server";
import { siteFrom, useSite } from "~/features/site-settings/use-site";
import { PageHero } from "~/layout/page-hero";
import { SocialLinks } from "~/layout/social-links";
import { servicesContext } from "~/lib/context";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Contact",
    description: `Book a session or ask a question by e-mail or WhatsApp. Open ${siteFrom(matches).hours}; we reply within 24 hours.`,
    path: "/contact",
    origin: originFrom(matches),
    site: siteFrom(matches),
  });

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const hours = await readPublicHours(services);
  return { practice: await practiceJsonLdFor(services, hours ?? undefined) };
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { hero, cards, message, social, faqs } = content(site);
  const mailWithSubject = `${mailtoUrl(site)}?subject=${encodeURIComponent(message.subject)}`;
  const infoCards: { icon: IconName; title: string; body: React.ReactNode }[] = [
    {
      icon: "mail",
      title: cards.email.title,
      body: (
        <a href={mailtoUrl(site)} className="underline-offset-4 hover:underline">
          {cards.email.text}
        </a>
      ),
    },
    {
      icon: "chat",
      title: cards.messaging.title,
      body: (
        <ExternalLink href={messagingUrl(site)} className="underline-offset-4 hover:underline">
          {cards.messaging.text}
        </ExternalLink>
      ),
    },
    {
      icon: "clock",
      title: cards.hours.title,
      // Words kept whole, so "9am-6pm" never breaks at its hyphen; the spaces between them still wrap
      // (hours of several groups are longer than a phone's line).
      body: cards.hours.text.split(" ").map((word, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the words of one line of text, never reordered
        <Fragment key={`${i}-${word}`}>
          {i > 0 ? " " : null}
          <span className="whitespace-nowrap">{word}</span>
        </Fragment>
      )),
    },
    { icon: "pin", title: cards.location.title, body: cards.location.text },
  ];
  return (
    <>
      <JsonLd data={loaderData.practice} />
      <PageHero eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro} />
      <section aria-label="Contact details" className="mx-auto max-w-6xl px-4 sm:px-6">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {infoCards.map((card) => (
            <Card as="li" key={card.title} padded={false} className="p-6 text-center">
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-plum-100 text-plum-700">
                <Icon name={card.icon} />
              </span>
              <h2 className="mt-4 text-xl">{card.title}</h2>
              <p className="mt-2 break-words text-muted">{card.body}</p>
            </Card>
          ))}
        </ul>
      </section>

      <Section title={message.title} intro={message.text} width="max-w-3xl">
        <div className="flex flex-col items-center gap-4">
          <a href={mailWithSubject} className={buttonClass("primary")}>
            <Icon name="mail" className="size-5" />
            {message.button}
          </a>
          <p className="text-center font-semibold text-plum-800">{message.promise}</p>
        </div>
      </Section>

      <Section title={social.title} intro={social.text} tone="tinted">
        <SocialLinks className="justify-center" />
      </Section>

      <Section title={faqs.title} width="max-w-3xl">
        <FaqList items={contactFaqs} testId="faqs" />
      </Section>
    </>
  );
}
