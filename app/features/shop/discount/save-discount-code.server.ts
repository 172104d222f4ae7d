import { eq } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { discountCodes } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { discountMessages, type NewDiscountCode } from "./price-discount";

/** Adds a code; one that exists already in any case is refused (the unique index decides, so two tabs cannot both add it). */
export async function createDiscountCode(services: AppServices, input: NewDiscountCode): Promise<string> {
  const id = crypto.randomUUID();
  try {
    await services.database.db.insert(discountCodes).values({ id, ...input });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", discountMessages.duplicate, "Validation Error");
    throw error;
  }
  return id;
}

/** Switches a code off: checkouts refuse it from now on; orders that used it keep it. False when there is no such code. */
export async function switchOffDiscountCode(services: AppServices, id: string): Promise<boolean> {
  const rows = await services.database.db
    .update(discountCodes)
    .set({ active: false })
    .where(eq(discountCodes.id, id))
    .returning({ id: discountCodes.id });
  return rows.length > 0;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}
