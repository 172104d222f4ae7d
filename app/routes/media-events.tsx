import { Icon } from "~/components/marketing/icons";
import { ExternalLink, ScrollLink } from "~/components/marketing/links";
import { Section } from "~/components/marketing/section";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { mediaEventsContent as content } from "~/content/media-events";
import { angelPhotos, sacredMomentsTabs } from "~/content/photos";
import { featuredVideos, youtubeWatchUrl } from "~/content/videos";
import { toEventView } from "~/features/events/event-view";
import { listUpcomingEvents } from "~/features/events/list-events.server";
import { EventCard } from "~/features/events/ui/event-card";
import { listGalleries } from "~/features/media/list-galleries.server";
import { PhotoGrid } from "~/features/media/photo-grid";
import { SacredMomentsGallery } from "~/features/media/sacred-moments-gallery";
import { VideoFacade } from "~/features/media/video-facade";
import { siteFrom, useSite } from "~/features/site-settings/use-site";
import { PageHero } from "~/layout/page-hero";
import { SocialLinks } from "~/layout/social-links";
import { servicesContext } from "~/lib/context";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/media-events";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Media & Events",
    description:
      "Videos and photographs from sacred places in Romania, Stonehenge and Glastonbury, the angel light gallery, and news of upcoming events.",
    path: "/media-events",
    origin: originFrom(matches),
    site: siteFrom(matches),
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  const [events, galleries] = await Promise.all([listUpcomingEvents(database.db), listGalleries(database.db)]);
  return { events: events.map(toEventView), galleries };
}

export default function MediaEvents({ loaderData, matches }: Route.ComponentProps) {
  const upcoming = loaderData.events;
  const origin = originFrom(matches);
  // A gallery shows the owner's photos once she has uploaded any, the shipped art until then.
  const { uploaded, addedTabs } = loaderData.galleries;
  const angelShown = uploaded.angel?.length ? uploaded.angel : angelPhotos;
  const tabs = [
    ...sacredMomentsTabs.map((t) => ({
      id: t.id,
      label: t.label,
      photos: uploaded[t.id]?.length ? (uploaded[t.id] ?? []) : t.photos,
    })),
    ...addedTabs.map((t) => ({ ...t, photos: uploaded[t.id] ?? [] })),
  ];
  const site = useSite();
  const { hero, videos, angel, events, sacredMoments, connect } = content;
  // The owner's YouTube links (site settings) replace the shipped ids; titles and thumbnails stay.
  const shownVideos = featuredVideos.map((video, i) => ({
    ...video,
    youtubeId: site.videos.media[i] || video.youtubeId,
  }));
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro}>
        {hero.buttons.map((button, index) => (
          <ScrollLink key={button.target} target={button.target} variant={index === 0 ? "primary" : "secondary"}>
            {button.label}
          </ScrollLink>
        ))}
      </PageHero>

      <Section id={videos.id} title={videos.title}>
        <ul className="grid gap-6 md:grid-cols-3" data-testid="video-cards">
          {shownVideos.map((video) => (
            <Card as="li" key={video.id} padded={false} className="flex flex-col overflow-hidden">
              <VideoFacade video={video} noteClassName="mx-5 mt-3" />
              <div className="flex flex-1 flex-col p-5">
                <p className="self-start rounded-full bg-plum-100 px-3 py-0.5 text-xs font-semibold text-plum-800">
                  {video.platform}
                </p>
                <h3 className="mt-3 text-xl">{video.title}</h3>
                <p className="mt-2 flex-1 text-sm text-muted">{video.description}</p>
                <p className="mt-3 text-xs text-muted italic">{video.caption}</p>
                <ExternalLink href={youtubeWatchUrl(video)} className={buttonClass("secondary", "mt-4")}>
                  {videos.watchLabel}
                  <span className="sr-only">: {video.title}</span>
                </ExternalLink>
              </div>
            </Card>
          ))}
        </ul>
      </Section>

      <Section id={angel.id} title={angel.title} intro={angel.intro} tone="tinted" width="max-w-5xl">
        <div data-testid="angel-gallery">
          <PhotoGrid title={angel.title} photos={angelShown} columns="grid-cols-2 sm:grid-cols-3" />
        </div>
        <div className="mt-8 text-center">
          <ExternalLink href={site.videos.angel} className={buttonClass("primary")}>
            <Icon name="play" className="size-4" />
            {angel.videoLink}
          </ExternalLink>
        </div>
      </Section>

      <Section id={events.id} title={events.title} width="max-w-3xl">
        {upcoming.length ? (
          <ul className="space-y-4" data-testid="events">
            {upcoming.map((event) => (
              <li key={event.id}>
                <EventCard event={event} origin={origin} />
              </li>
            ))}
          </ul>
        ) : (
          <Card padded={false} className="flex flex-col items-center p-8 text-center">
            <Icon name="calendar" className="size-10 text-gold-700" />
            <p className="mt-4 font-serif text-2xl text-plum-900">{events.empty}</p>
            <p className="mt-2 text-muted">{events.text}</p>
            <ScrollLink target={events.cta.target} variant="primary" className="mt-6">
              {events.cta.label}
            </ScrollLink>
          </Card>
        )}
      </Section>

      <Section id={sacredMoments.id} title={sacredMoments.title} intro={sacredMoments.intro} tone="tinted">
        <SacredMomentsGallery tabs={tabs} />
      </Section>

      <Section id={connect.id} title={connect.title} intro={connect.text}>
        <SocialLinks className="justify-center" />
        <div className="mt-8 text-center">
          <ScrollLink target={connect.cta.target} variant="accent">
            {connect.cta.label}
          </ScrollLink>
        </div>
      </Section>
    </>
  );
}
