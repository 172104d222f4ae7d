import { and, desc, eq, gt } from "drizzle-orm";
import { sellerDetails } from "~/features/site-settings/seller-details.server";
import { dataExports } from "~/lib/db/schema.server";
import { formatLongDate } from "~/lib/format-date";
import { RETENTION } from "~/lib/retention-periods";
import type { AppServices } from "~/lib/services.server";
import { collectPersonalData } from "./collect-personal-data.server";
import { dataExportReadyEmail } from "./rights-emails";

/** A request within this long of the last one is the same request (a double click, a reload). */
const SAME_REQUEST_MS = 10 * 60_000;

export const exportPath = (id: string) => `/account/export/${id}`;

/**
 * Makes her "download my data" file, keeps it `RETENTION.dataExportDays` and e-mails her a link to
 * it (behind sign-in), never the file. Answers the export's id.
 */
export async function requestDataExport(
  services: AppServices,
  who: { id: string; email: string; name: string },
  now = new Date(),
): Promise<{ id: string; expiresAt: Date; reused: boolean }> {
  const { db } = services.database;
  const [recent] = await db
    .select({ id: dataExports.id, expiresAt: dataExports.expiresAt })
    .from(dataExports)
    .where(and(eq(dataExports.userId, who.id), gt(dataExports.createdAt, new Date(now.getTime() - SAME_REQUEST_MS))))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  if (recent) return { ...recent, reused: true };
  const content = JSON.stringify(await collectPersonalData(services, who.id, now), null, 2);
  const id = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + RETENTION.dataExportDays * 86_400_000);
  await db.insert(dataExports).values({ id, userId: who.id, content, createdAt: now, expiresAt });
  const url = `${services.env.PUBLIC_URL}/auth?redirectTo=${encodeURIComponent(exportPath(id))}`;
  try {
    await services.mailer.send(
      dataExportReadyEmail(await sellerDetails(db), who.email, who.name, url, formatLongDate(expiresAt)),
    );
  } catch (error) {
    services.logger.warn({ err: error }, "data-export e-mail not sent; the file is on the account page");
  }
  return { id, expiresAt, reused: false };
}

/** Her exports still on offer, newest first. */
export function listDataExports(services: AppServices, userId: string, now = new Date()) {
  return services.database.db
    .select({ id: dataExports.id, createdAt: dataExports.createdAt, expiresAt: dataExports.expiresAt })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), gt(dataExports.expiresAt, now)))
    .orderBy(desc(dataExports.createdAt));
}

/** The file, to its owner only and only while on offer; null otherwise (the route answers 404). */
export async function readDataExport(services: AppServices, userId: string, exportId: string, now = new Date()) {
  const [row] = await services.database.db
    .select({ content: dataExports.content, createdAt: dataExports.createdAt })
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId), gt(dataExports.expiresAt, now)));
  return row ?? null;
}
