import { renderDiaryFeed } from "~/features/booking/manage-diary.server";
import { servicesContext } from "~/lib/context";
import type { Route } from "./+types/diary-feed";

/** The practitioner's private calendar feed: only its current secret opens it (404 otherwise, and after revoking). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const token = params.token.replace(/\.ics$/, "");
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return new Response("Not found", { status: 404 });
  const feed = await renderDiaryFeed(services, token);
  if (!feed) return new Response("Not found", { status: 404 });
  return new Response(feed, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
