import { IconBadge } from "~/components/marketing/icons";
import { Section } from "~/components/marketing/section";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { aboutContent as content } from "~/content/about";
import { SitePicture, useSitePictures } from "~/features/site-pictures/ui/site-picture";
import { siteFrom, useSite } from "~/features/site-settings/use-site";
import { PageHero } from "~/layout/page-hero";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "About",
    description: `The story, training and healing philosophy of ${siteFrom(matches).practitioner}, Reiki Master and holistic wellness practitioner.`,
    path: "/about",
    origin: originFrom(matches),
    site: siteFrom(matches),
  });

const trainingIcons = ["hands", "scan", "drop", "music"] as const;

export default function About() {
  const { hero, story, training, philosophy, buttons } = content(useSite());
  const pictures = useSitePictures();
  const portrait = pictures.portrait;
  const storyPicture = pictures["about-story"];
  const philosophyPicture = pictures["about-philosophy"];
  const beside = (picture: typeof storyPicture, priority: boolean) =>
    picture ? (
      <div className="overflow-hidden rounded-3xl shadow-lg">
        <SitePicture
          picture={picture}
          sizes="(min-width: 768px) 28rem, 100vw"
          priority={priority}
          className={`${picture === portrait ? "aspect-[4/5]" : "aspect-[4/3]"} h-auto w-full object-cover`}
        />
      </div>
    ) : null;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro} />
      <Section title={story.title} width={portrait || storyPicture ? "max-w-5xl" : "max-w-3xl"}>
        <div className={portrait || storyPicture ? "grid items-start gap-10 md:grid-cols-[2fr_3fr]" : undefined}>
          {beside(portrait ?? storyPicture, true)}
          <div className="space-y-4 text-lg leading-relaxed text-muted">
            {story.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
            {portrait && storyPicture ? <div className="pt-4">{beside(storyPicture, false)}</div> : null}
          </div>
        </div>
      </Section>
      <Section title={training.title} tone="tinted">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {training.cards.map((card, index) => (
            <Card as="li" key={card.title} padded={false} className="p-6">
              <IconBadge name={trainingIcons[index % trainingIcons.length] ?? "star"} />
              <h3 className="mt-4 text-xl">{card.title}</h3>
              <p className="mt-2 text-sm text-muted">{card.text}</p>
            </Card>
          ))}
        </ul>
      </Section>
      <Section title={philosophy.title} width={philosophyPicture ? "max-w-5xl" : "max-w-3xl"}>
        <div className={philosophyPicture ? "grid items-start gap-10 md:grid-cols-[3fr_2fr]" : undefined}>
          <div className="space-y-4 text-lg leading-relaxed text-muted">
            {philosophy.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </div>
          {beside(philosophyPicture, false)}
        </div>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <ButtonLink to={buttons.primary.to}>{buttons.primary.label}</ButtonLink>
          <ButtonLink to={buttons.secondary.to} variant="secondary">
            {buttons.secondary.label}
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
