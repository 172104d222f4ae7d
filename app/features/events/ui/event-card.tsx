import { JsonLd } from "~/components/json-ld";
import { Icon } from "~/components/marketing/icons";
import { ExternalLink } from "~/components/marketing/links";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useSite } from "~/features/site-settings/use-site";
import { type EventView, eventJsonLd } from "../event-view";

/** One upcoming event: title, UK time, place or 'Online', description and booking link; with its JSON-LD. */
export function EventCard({ event, origin }: { event: EventView; origin: string }) {
  const site = useSite();
  return (
    <Card
      as="article"
      padded={false}
      className="flex flex-col overflow-hidden text-left sm:flex-row"
      aria-labelledby={`event-${event.id}`}
    >
      <JsonLd data={eventJsonLd(event, { name: site.brand, url: `${origin}/` })} />
      {event.image ? (
        <img
          src={event.image.thumb.src}
          srcSet={`${event.image.thumb.src} ${event.image.thumb.width}w, ${event.image.large.src} ${event.image.large.width}w`}
          sizes="(min-width: 640px) 240px, 100vw"
          width={event.image.thumb.width}
          height={event.image.thumb.height}
          alt=""
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] h-auto w-full object-cover sm:w-60 sm:shrink-0 sm:self-start"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col p-6">
        <p className="text-sm font-semibold tracking-wide text-gold-700 uppercase">
          <time dateTime={event.startsAt}>{event.when}</time>
        </p>
        <h3 id={`event-${event.id}`} className="mt-2 text-2xl break-words">
          {event.title}
        </h3>
        <p className="mt-1 flex items-center gap-2 text-sm text-muted">
          <Icon name="calendar" className="size-4 shrink-0" />
          <span className="break-words">{event.place ?? "Online"}</span>
        </p>
        {event.description ? (
          <p className="mt-3 whitespace-pre-line break-words text-muted">{event.description}</p>
        ) : null}
        {event.bookingUrl ? (
          <ExternalLink href={event.bookingUrl} className={buttonClass("primary", "mt-5 self-start")}>
            Book Your Place
            <span className="sr-only">: {event.title}</span>
          </ExternalLink>
        ) : null}
      </div>
    </Card>
  );
}
