import { eq } from "drizzle-orm";
import { user } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";

/** Her name as receipts and e-mails greet her (already checked by `fullNameSchema`). */
export async function changeName(services: AppServices, userId: string, name: string): Promise<void> {
  await services.database.db.update(user).set({ name }).where(eq(user.id, userId));
}
