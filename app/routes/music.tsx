import { Icon } from "~/components/marketing/icons";
import { ExternalLink, ScrollLink } from "~/components/marketing/links";
import { Section } from "~/components/marketing/section";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { musicContent as content } from "~/content/songs";
import { siteFrom } from "~/features/site-settings/use-site";
import { listSongs } from "~/features/songs/list-songs.server";
import { PageHero } from "~/layout/page-hero";
import { SocialLinks } from "~/layout/social-links";
import { servicesContext } from "~/lib/context";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/music";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Sacred Songs",
    description: "Sacred songs for meditation, reflection and rest: listen on YouTube or download a recording.",
    path: "/music",
    origin: originFrom(matches),
    site: siteFrom(matches),
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  return { songs: (await listSongs(database.db)).songs };
}

export default function Music({ loaderData }: Route.ComponentProps) {
  const { songs } = loaderData;
  const { hero, comingSoon, follow } = content;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro} />
      <section aria-label="Songs" className="mx-auto max-w-5xl px-4 pt-4 sm:px-6">
        <ul className="grid gap-6 md:grid-cols-2" data-testid="songs">
          {songs.map((song) => (
            <Card as="li" key={song.id} padded={false} className="flex flex-col p-6">
              <div className="flex items-start gap-4">
                <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-plum-700 text-white">
                  <Icon name="music" />
                </span>
                <div className="min-w-0 flex-1">
                  <h2 className="text-2xl break-words">{song.title}</h2>
                  <p className="mt-1 text-sm text-muted">
                    {song.theme ? (
                      <>
                        <span className="font-semibold text-gold-700">{song.theme}</span>
                        <span aria-hidden="true"> · </span>
                        <span className="sr-only">, </span>
                      </>
                    ) : null}
                    <span className="sr-only">duration </span>
                    <span data-testid="duration">{song.duration}</span>
                  </p>
                </div>
              </div>
              <p className="mt-4 flex-1 whitespace-pre-line break-words text-muted">{song.description}</p>
              <div className="mt-6 flex items-center gap-3">
                <ExternalLink
                  href={song.youtubeUrl}
                  className={buttonClass("primary")}
                  label={`${content.listenLabel}: ${song.title}`}
                >
                  <Icon name="play" className="size-4" />
                  {content.listenLabel}
                </ExternalLink>
                {song.audio ? (
                  <a
                    href={song.audio.src}
                    download={song.audio.fileName}
                    className="inline-flex size-11 items-center justify-center rounded-full border border-plum-600 text-plum-700 hover:bg-plum-50"
                    title={`Download ${song.title} (${song.audio.format})`}
                  >
                    <Icon name="download" className="size-5" />
                    <span className="sr-only">
                      Download {song.title} ({song.audio.format})
                    </span>
                  </a>
                ) : null}
              </div>
            </Card>
          ))}
        </ul>
        <Card padded={false} className="mt-6 flex flex-col items-center bg-plum-50 p-8 text-center">
          <Icon name="sparkle" className="size-8 text-gold-700" />
          <h2 className="mt-3 text-2xl">{comingSoon.title}</h2>
          <p className="mt-2 max-w-xl text-muted">{comingSoon.text}</p>
          <ScrollLink target={comingSoon.target} variant="secondary" className="mt-6">
            {comingSoon.cta}
          </ScrollLink>
        </Card>
      </section>
      <Section id={follow.id} title={follow.title} intro={follow.text}>
        <SocialLinks className="justify-center" />
      </Section>
    </>
  );
}
