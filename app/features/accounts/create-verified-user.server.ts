import { eq } from "drizzle-orm";
import { user } from "~/lib/db/schema.server";
import type { AppServices } from "~/lib/services.server";
import { fieldErrors, signUpSchema } from "./auth-schemas";

/**
 * An operator creates an account that is already verified (no e-mail round trip), for example for
 * the practitioner on a machine without mail. The same rules as sign-up apply.
 */
export async function createVerifiedUser(
  services: AppServices,
  input: { email: string; password: string; fullName: string },
): Promise<{ id: string; email: string }> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) throw new Error(Object.values(fieldErrors(parsed.error)).join(", "));
  const { email, password, fullName } = parsed.data;
  const ctx = await services.auth.$context;
  if (await ctx.internalAdapter.findUserByEmail(email))
    throw new Error(`An account with the e-mail ${email} already exists.`);
  const created = await ctx.internalAdapter.createUser(
    { email, name: fullName, emailVerified: true },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: await ctx.password.hash(password),
  });
  await services.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, created.id));
  return { id: created.id, email };
}
