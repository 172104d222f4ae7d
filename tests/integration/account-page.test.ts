import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmEmailChange, requestEmailChange } from "~/features/accounts/change-email.server";
import { changePassword } from "~/features/accounts/change-password.server";
import { createVerifiedUser } from "~/features/accounts/create-verified-user.server";
import { session, user } from "~/lib/db/schema.server";
import { readOutbox } from "../support/outbox";
import { PASSWORD, personalDataKit } from "../support/personal-data-kit";
import { createTestApp } from "../support/test-app";

/**
 * Issue 26 (decision 049): the account page's rules on the database. A new address takes effect
 * only from the link sent to it; a new password needs the current one and ends every other session.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
let kit: ReturnType<typeof personalDataKit>;

beforeAll(async () => {
  t = await createTestApp();
  kit = personalDataKit(t);
});
afterAll(async () => {
  await t?.cleanup();
});

describe("the account page's rules", () => {
  it("moves the account to a new address only from the link sent there, and tells the old one", async () => {
    const carol = await createVerifiedUser(t.services, {
      email: `carol-${randomBytes(3).toString("hex")}@example.com`,
      password: PASSWORD,
      fullName: "Carol Change",
    });
    const next = `carol-new-${randomBytes(3).toString("hex")}@example.com`;
    await requestEmailChange(t.services, { ...carol, name: "Carol Change" }, next);
    const outbox = readOutbox(t.dataDir);
    const link = outbox.find((m) => m.to === next)?.text.match(/confirm-email\?token=([A-Za-z0-9_-]+)/)?.[1];
    expect(link).toBeDefined();
    // The old address never sees the token; until the link is opened nothing changes.
    expect(outbox.filter((m) => m.to === carol.email).some((m) => m.text.includes(link as string))).toBe(false);
    const [before] = await t.services.database.db.select().from(user).where(eq(user.id, carol.id));
    expect(before?.email).toBe(carol.email);
    await expect(confirmEmailChange(t.services, "x".repeat(32))).rejects.toThrow(/expired or has already been used/);
    expect(await confirmEmailChange(t.services, link as string)).toBe(next);
    const [after] = await t.services.database.db.select().from(user).where(eq(user.id, carol.id));
    expect(after?.email).toBe(next);
    expect(readOutbox(t.dataDir).some((m) => m.to === carol.email && /address was changed/.test(m.subject))).toBe(true);
    // Single use.
    await expect(confirmEmailChange(t.services, link as string)).rejects.toThrow(/expired or has already been used/);
  });

  it("changes the password only with the current one, and ends every other session", async () => {
    const dan = await createVerifiedUser(t.services, {
      email: `dan-${randomBytes(3).toString("hex")}@example.com`,
      password: PASSWORD,
      fullName: "Dan Devices",
    });
    const here = await kit.signIn(dan.email);
    const elsewhere = await kit.signIn(dan.email);
    const change = (currentPassword: string) =>
      changePassword(
        t.services,
        { ...dan, name: "Dan Devices" },
        { currentPassword, newPassword: "Brand-New-77" },
        new Headers({ cookie: here }),
      );
    await expect(change("Wrong-Pass-1")).rejects.toThrow(/not your current password/);
    await expect(change("")).rejects.toThrow("Please enter your current password.");
    const headers = await change(PASSWORD);
    const fresh = headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    expect(await t.services.auth.api.getSession({ headers: new Headers({ cookie: elsewhere }) })).toBeNull();
    expect((await t.services.auth.api.getSession({ headers: new Headers({ cookie: fresh }) }))?.user.id).toBe(dan.id);
    expect(await t.services.database.db.select().from(session).where(eq(session.userId, dan.id))).toHaveLength(1);
  });
});
