import { like } from "drizzle-orm";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser } from "~/features/accounts/create-verified-user.server";
import { authAttempts } from "~/lib/db/schema.server";
import { HttpSession } from "../support/http-session";
import { createTestApp } from "../support/test-app";

/**
 * Issue 23 (decision 043): nobody can lock another person out. A browser that signed in before has
 * its own bucket (OWASP's device cookie), and failures for addresses that do not exist never count
 * against a real account. Issue 13's account holes are in account-takeover.test.ts.
 */
const ORIGIN = "http://localhost:3000";

const signIn = (browser: HttpSession, email: string, password: string, path = "/auth") =>
  browser.post(path, { intent: "signin", email, password });

describe("issue 23: nobody can lock another person out (decision 043)", () => {
  let proxied: Awaited<ReturnType<typeof createTestApp>>;
  // Behind a proxy, so each X-Forwarded-For is a client of its own; the limits are the defaults.
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: "true" });
  });
  afterAll(() => proxied.cleanup());
  const from = (ip: string) => new HttpSession(proxied.app, ORIGIN, { "x-forwarded-for": ip });

  it("lets the owner in at once from a browser she signed in with before, whatever an attacker has tried", async () => {
    await createVerifiedUser(proxied.services, {
      email: "victim@example.com",
      password: "Right-Pass9",
      fullName: "Vi Ctim",
    });
    const herBrowser = from("198.51.100.20");
    expect((await signIn(herBrowser, "victim@example.com", "Right-Pass9")).status).toBe(302);
    expect(herBrowser.hasCookie("known_device")).toBe(true);
    // It names her account without her address: nothing personal to read in it.
    const value = decodeURIComponent(herBrowser.cookieHeader().match(/known_device=([^;]*)/)?.[1] ?? "");
    expect(Buffer.from(value.split(".")[0] ?? "", "base64").toString()).toMatch(/^\{"account":"[\w-]{43}","id":/);
    expect(value).not.toContain("victim");
    expect((await herBrowser.post("/sign-out", {})).status).toBe(302);

    // Twenty-five wrong passwords for her address from five other clients: past the per-account
    // ceiling (20) and each client's own limit (5).
    for (let i = 0; i < 25; i++) {
      await signIn(from(`203.0.113.${Math.floor(i / 5)}`), "victim@example.com", `Wrong-guess${i}`);
    }
    // A browser she has never used is held by the ceiling, as before: guessing stays slow.
    expect((await signIn(from("198.51.100.21"), "victim@example.com", "Right-Pass9")).status).toBe(429);
    // A cookie of our name that we did not sign counts for nothing.
    const forged = from("198.51.100.22");
    const signed = herBrowser.cookieHeader().match(/known_device=([^;]*)/)?.[1] ?? "";
    const res = await forged.post(
      "/auth",
      { intent: "signin", email: "victim@example.com", password: "Right-Pass9" },
      { cookie: `known_device=${signed.slice(0, -4)}AAAA` },
    );
    expect(res.status).toBe(429);
    // A cookie of the earlier kind, which named the address itself, still counts until it expires.
    const earlier = await createCookie("known_device", { secrets: [proxied.services.env.AUTH_SECRET] }).serialize({
      email: "victim@example.com",
      id: "an-earlier-device-id",
    });
    const before = await from("198.51.100.23").post(
      "/auth",
      { intent: "signin", email: "victim@example.com", password: "Right-Pass9" },
      { cookie: earlier.split(";")[0] as string },
    );
    expect(before.status).toBe(302);
    // Her own browser signs in at once, even from the address of one of the attackers.
    expect((await signIn(herBrowser, "victim@example.com", "Right-Pass9")).status).toBe(302);
  });

  it("counts a known browser's own failures in its own bucket: five wrong passwords lock that browser only", async () => {
    await createVerifiedUser(proxied.services, {
      email: "careful@example.com",
      password: "Right-Pass9",
      fullName: "Care Ful",
    });
    const browser = from("198.51.100.30");
    expect((await signIn(browser, "careful@example.com", "Right-Pass9")).status).toBe(302);
    await browser.post("/sign-out", {});
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(browser, "careful@example.com", `Wrong-guess${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect((await signIn(browser, "careful@example.com", "Right-Pass9")).status).toBe(429);
    // Nothing of it reached the pool of other clients: a new browser elsewhere signs in.
    expect((await signIn(from("198.51.100.31"), "careful@example.com", "Right-Pass9")).status).toBe(302);
  });
});

describe("issue 23: failures for addresses that do not exist (decision 043)", () => {
  let shared: Awaited<ReturnType<typeof createTestApp>>;
  // No TRUST_PROXY: behind a proxy every visitor has the proxy's one address (here, every request).
  // The client address's limit is 6 here, not 50: the same rule, with 8 failures rather than 60 (each
  // one a password hash, 53 s of the PGlite stage beside the browser tests).
  beforeAll(async () => {
    shared = await createTestApp({ AUTH_SIGNIN_MAX_PER_IP: "6" });
  });
  afterAll(() => shared.cleanup());

  it("do not count against a real account on the same client address", async () => {
    await createVerifiedUser(shared.services, {
      email: "real@example.com",
      password: "Right-Pass9",
      fullName: "Re Al",
    });
    // Eight made-up addresses, one failure each: more than the client address's limit of 6.
    for (let i = 0; i < 8; i++) {
      const res = await signIn(new HttpSession(shared.app), `made-up-${i}@example.com`, "Wrong-guess1");
      expect(res.status, `made-up ${i}`).toBe(401);
    }
    const perClient = await shared.services.database.db
      .select()
      .from(authAttempts)
      .where(like(authAttempts.bucket, "signin-ip:%"));
    expect(perClient).toHaveLength(0);
    // A real client who has never signed in here before, on the same address: in at once.
    expect((await signIn(new HttpSession(shared.app), "real@example.com", "Right-Pass9")).status).toBe(302);
  }, 120_000);

  it("give the same answers as a real address's, so the limits do not tell which addresses exist", async () => {
    const tight = await createTestApp({ AUTH_SIGNIN_MAX_PER_IP: "4" });
    try {
      for (const email of ["one@example.com", "two@example.com"]) {
        await createVerifiedUser(tight.services, { email, password: "Right-Pass9", fullName: "Some One" });
      }
      const statuses = async (email: string, times: number) => {
        const seen: number[] = [];
        for (let i = 0; i < times; i++)
          seen.push((await signIn(new HttpSession(tight.app), email, "Wrong-guess1")).status);
        return seen;
      };
      // Until the client address's limit is reached, a wrong password is 401 for both kinds.
      expect(await statuses("nobody@example.com", 2)).toEqual([401, 401]);
      expect(await statuses("one@example.com", 2)).toEqual([401, 401]);
      // The fourth failure on a real account fills it, and still answers 401, as it would for nobody@.
      expect(await statuses("two@example.com", 2)).toEqual([401, 401]);
      // Now full: every address gets the lockout, whether it exists or not.
      expect(await statuses("nobody@example.com", 1)).toEqual([429]);
      expect(await statuses("one@example.com", 1)).toEqual([429]);
    } finally {
      await tight.cleanup();
    }
  });
});
