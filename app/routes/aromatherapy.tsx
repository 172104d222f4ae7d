import { Icon, IconBadge } from "~/components/marketing/icons";
import { ExternalLink, ScrollLink } from "~/components/marketing/links";
import { Section } from "~/components/marketing/section";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { aromatherapyContent as content } from "~/content/aromatherapy";
import { mostUsedOils, oilCollections } from "~/content/oils";
import { siteFrom, useSite } from "~/features/site-settings/use-site";
import { PageHero } from "~/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/aromatherapy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Aromatherapy",
    description:
      "Essential oils for relaxation, mood and mindful ritual: five ways to use them, ten favourite oils and four curated collections, with 25% off through our oil partner.",
    path: "/aromatherapy",
    origin: originFrom(matches),
    site: siteFrom(matches),
  });

const wayIcons = ["sparkle", "leaf", "hands", "drop", "heart"] as const;
const benefitIcons = ["leaf", "sparkle", "star", "heart"] as const;

export default function Aromatherapy() {
  const site = useSite();
  const { hero, plantWisdom, account, waysOfUse, oils, benefits, collections, begin, closing } = content;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro}>
        <ExternalLink href={site.oilShopUrl} className={buttonClass("primary")}>
          {hero.explore}
        </ExternalLink>
        <ScrollLink target={hero.learn.target}>{hero.learn.label}</ScrollLink>
      </PageHero>

      <Section id={plantWisdom.id} title={plantWisdom.title} width="max-w-3xl">
        <div className="space-y-4 text-lg leading-relaxed text-muted">
          {plantWisdom.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      </Section>

      <Section title={account.title} intro={account.intro} tone="tinted" width="max-w-4xl">
        <ul className="grid gap-6 sm:grid-cols-2">
          {account.perks.map((perk) => (
            <Card as="li" key={perk.label} padded={false} className="p-6 text-center">
              <p className="font-serif text-5xl text-plum-700">{perk.value}</p>
              <p className="mt-2 text-muted">{perk.label}</p>
            </Card>
          ))}
        </ul>
        <div className="mt-8 text-center">
          <ExternalLink href={site.oilShopUrl} className={buttonClass("accent")}>
            {account.cta}
          </ExternalLink>
        </div>
      </Section>

      <Section title={waysOfUse.title}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" data-testid="ways-of-use">
          {waysOfUse.items.map((way, index) => (
            <Card as="li" key={way.title} padded={false} className="p-5">
              <IconBadge name={wayIcons[index % wayIcons.length] ?? "drop"} />
              <h3 className="mt-3 text-lg">{way.title}</h3>
              <p className="mt-1 text-sm text-muted">{way.text}</p>
            </Card>
          ))}
        </ul>
        <p className="mx-auto mt-8 max-w-3xl text-center text-sm text-muted">{waysOfUse.safety}</p>
      </Section>

      <Section title={oils.title} intro={oils.intro} tone="tinted" width="max-w-5xl">
        <ol className="grid gap-3 sm:grid-cols-2" data-testid="most-used-oils">
          {mostUsedOils.map((oil, index) => (
            <Card as="li" key={oil.name} padded={false} className="flex items-center gap-4 px-5 py-4">
              <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-gold-300 font-semibold text-plum-900">
                {index + 1}
              </span>
              <span>
                <span className="block font-serif text-lg text-plum-900">{oil.name}</span>
                <span className="text-sm text-muted">{oil.intention}</span>
              </span>
            </Card>
          ))}
        </ol>
      </Section>

      <Section title={benefits.title}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="benefits">
          {benefits.cards.map((card, index) => (
            <Card as="li" key={card.title} padded={false} className="p-6">
              <IconBadge name={benefitIcons[index % benefitIcons.length] ?? "leaf"} />
              <h3 className="mt-4 text-xl">{card.title}</h3>
              <p className="mt-2 text-sm text-muted">{card.text}</p>
            </Card>
          ))}
        </ul>
      </Section>

      <Section title={collections.title} intro={collections.intro} tone="tinted">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="collections">
          {oilCollections.map((collection) => (
            <Card as="li" key={collection.title} padded={false} className="flex flex-col p-6">
              <h3 className="text-xl">{collection.title}</h3>
              <p className="mt-2 text-sm text-muted">{collection.description}</p>
              <ul className="mt-4 flex-1 space-y-1.5" aria-label={`Oils in ${collection.title}`}>
                {collection.oils.map((oil) => (
                  <li key={oil} className="flex items-center gap-2 text-sm">
                    <Icon name="drop" className="size-4 text-gold-700" />
                    {oil}
                  </li>
                ))}
              </ul>
              <ExternalLink href={site.oilShopUrl} className={buttonClass("secondary", "mt-6")}>
                {collections.cta}
                <span className="sr-only">: {collection.title}</span>
              </ExternalLink>
            </Card>
          ))}
        </ul>
      </Section>

      <Section title={begin.title}>
        <ul className="grid gap-6 md:grid-cols-3">
          {begin.cards.map((card) => (
            <Card as="li" key={card.title} padded={false} className="flex flex-col p-6">
              <h3 className="text-xl">{card.title}</h3>
              <p className="mt-2 flex-1 text-sm text-muted">{card.text}</p>
              {"to" in card.link ? (
                <ButtonLink to={card.link.to} variant="secondary" className="mt-6">
                  {card.link.label}
                </ButtonLink>
              ) : (
                <ExternalLink href={site.oilShopUrl} className={buttonClass("secondary", "mt-6")}>
                  {card.link.label}
                </ExternalLink>
              )}
            </Card>
          ))}
        </ul>
      </Section>

      <section className="bg-plum-800 px-4 py-16 text-center text-white sm:px-6">
        <h2 className="text-3xl text-white">{closing.title}</h2>
        <p className="mx-auto mt-4 max-w-2xl text-plum-100">{closing.text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ExternalLink href={site.oilShopUrl} className={buttonClass("accent")}>
            {closing.shop}
          </ExternalLink>
          <ButtonLink to={closing.contact.to} variant="on-dark">
            {closing.contact.label}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
