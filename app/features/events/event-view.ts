import type { EventRow } from "~/lib/db/schema.server";
import { formatEventTime } from "./event-time";

/** An event as pages show it: plain text only, the time already written in UK time. */
export type EventView = {
  id: string;
  title: string;
  startsAt: string;
  when: string;
  place: string | null;
  description: string;
  bookingUrl: string | null;
  /** Both WebP sizes with their dimensions, so the card reserves its space. */
  image: {
    thumb: { src: string; width: number; height: number };
    large: { src: string; width: number; height: number };
  } | null;
};

export function toEventView(row: EventRow): EventView {
  return {
    id: row.id,
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    when: formatEventTime(row.startsAt),
    place: row.place,
    description: row.description,
    bookingUrl: row.bookingUrl,
    image:
      row.imageKey && row.imageThumbKey
        ? {
            thumb: {
              src: `/media/${row.imageThumbKey}`,
              width: row.imageThumbWidth ?? 0,
              height: row.imageThumbHeight ?? 0,
            },
            large: { src: `/media/${row.imageKey}`, width: row.imageWidth ?? 0, height: row.imageHeight ?? 0 },
          }
        : null,
  };
}

/** schema.org Event, for search results. */
export function eventJsonLd(event: EventView, organizer: { name: string; url: string }) {
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    startDate: event.startsAt,
    ...(event.description ? { description: event.description } : {}),
    ...(event.image ? { image: [new URL(event.image.large.src, organizer.url).href] } : {}),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: event.place
      ? "https://schema.org/OfflineEventAttendanceMode"
      : "https://schema.org/OnlineEventAttendanceMode",
    location: event.place
      ? { "@type": "Place", name: event.place, address: event.place }
      : { "@type": "VirtualLocation", url: event.bookingUrl ?? organizer.url },
    organizer: { "@type": "Organization", name: organizer.name, url: organizer.url },
    ...(event.bookingUrl ? { offers: { "@type": "Offer", url: event.bookingUrl } } : {}),
  };
}
