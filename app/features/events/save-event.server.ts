import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { onPublicContentChanged } from "~/features/site-settings/on-public-content-changed.server";
import { AppError } from "~/lib/app-error";
import { events } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { type EventInput, eventMessages } from "./event-schema";

/** Creates an event, or updates the one with `id`; refused as not found when it was removed meanwhile. */
export async function saveEvent(services: AppServices, id: string | null, input: EventInput): Promise<string> {
  const { db } = services.database;
  if (id) {
    const updated = await db.update(events).set(input).where(eq(events.id, id)).returning({ id: events.id });
    if (updated.length === 0) throw new AppError("not_found", eventMessages.notFound, "Not found");
  } else {
    id = randomUUID();
    await db.insert(events).values({ id, ...input });
  }
  onPublicContentChanged(services);
  return id;
}

export async function deleteEvent(services: AppServices, id: string): Promise<void> {
  const deleted = await services.database.db.delete(events).where(eq(events.id, id)).returning({ id: events.id });
  if (deleted.length === 0) throw new AppError("not_found", eventMessages.notFound, "Not found");
  onPublicContentChanged(services);
}
