import { statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser } from "~/features/accounts/create-verified-user.server";
import { isAdmin } from "~/features/accounts/manage-admins.server";
import { runCommand } from "../../server/commands";
import { controlSocketPath, sendControlCommand, startControlServer } from "../../server/control-channel";
import { createTestServices } from "../support/test-services";

let t: Awaited<ReturnType<typeof createTestServices>>;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(() => t.cleanup());

describe("operator commands", () => {
  it("admin add / list / remove change the user_roles table", async () => {
    const created = await createVerifiedUser(t.services, {
      email: "boss@example.com",
      password: "Passw0rd1",
      fullName: "Bo Ss",
    });
    expect(await runCommand(t.services, "admin", ["add", "Boss@Example.com"])).toBe("Boss@Example.com is an admin.");
    expect(await isAdmin(t.services.database.db, created.id)).toBe(true);
    expect(await runCommand(t.services, "admin", ["list"])).toBe("boss@example.com");
    await runCommand(t.services, "admin", ["remove", "boss@example.com"]);
    expect(await isAdmin(t.services.database.db, created.id)).toBe(false);
    await expect(runCommand(t.services, "admin", ["add", "ghost@example.com"])).rejects.toThrow("No account");
    await expect(runCommand(t.services, "admin", ["promote"])).rejects.toThrow("Usage");
  });

  it("reach a running server through the control socket, and nothing answers when none runs", async () => {
    const socket = controlSocketPath(t.dataDir);
    expect(await sendControlCommand(socket, { command: "status", args: [] })).toBeUndefined();
    const server = await startControlServer(socket, ({ command, args }) => runCommand(t.services, command, args));
    try {
      const ok = await sendControlCommand(socket, { command: "status", args: [] });
      expect(ok).toEqual({ ok: true, output: expect.stringContaining("ok:") });
      const bad = await sendControlCommand(socket, { command: "frobnicate", args: [] });
      expect(bad).toEqual({ ok: false, error: expect.stringContaining('Unknown command "frobnicate"') });
    } finally {
      server?.close();
    }
  });

  it("listens even when the data folder does not exist yet (PostgreSQL and S3 create none)", async () => {
    const socket = controlSocketPath(path.join(t.dataDir, "not-made-yet"));
    const server = await startControlServer(socket, async () => "ok");
    try {
      expect(await sendControlCommand(socket, { command: "status", args: [] })).toEqual({ ok: true, output: "ok" });
      expect(statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
    } finally {
      server?.close();
    }
  });

  it("ADMIN_EMAILS makes a listed address an admin when it is verified", async () => {
    const listed = await createTestServices({ ADMIN_EMAILS: "owner@example.com" });
    try {
      const { auth } = listed.services;
      await auth.api.signUpEmail({ body: { email: "owner@example.com", password: "Passw0rd1", name: "Own Er" } });
      const ctx = await auth.$context;
      const user = await ctx.internalAdapter.findUserByEmail("owner@example.com");
      expect(user).toBeTruthy();
      expect(await isAdmin(listed.services.database.db, user?.user.id as string)).toBe(false);
      const { readOutbox } = await import("../support/outbox");
      const link = readOutbox(listed.dataDir)
        .at(-1)
        ?.text.match(/https?:\/\/\S+verify-email\S+/)?.[0];
      const token = new URL(link as string).searchParams.get("token") as string;
      await auth.api.verifyEmail({ query: { token } });
      expect(await isAdmin(listed.services.database.db, user?.user.id as string)).toBe(true);
    } finally {
      await listed.cleanup();
    }
  });
});
