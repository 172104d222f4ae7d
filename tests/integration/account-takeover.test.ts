import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser } from "~/features/accounts/create-verified-user.server";
import { isAdmin } from "~/features/accounts/manage-admins.server";
import { authAttempts } from "~/lib/db/schema.server";
import { HttpSession } from "../support/http-session";
import { latestLink, readOutbox } from "../support/outbox";
import { createTestApp } from "../support/test-app";

/**
 * Issue 13's account holes, each written as the attack (decision 028): guessing passwords in
 * parallel, signing up first with someone else's address, a redirect that leaves the site, an old
 * reset link, and the most common passwords.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const ORIGIN = "http://localhost:3000";

beforeAll(async () => {
  t = await createTestApp({
    ADMIN_EMAILS: "owner@example.com,practitioner@example.com",
    // Many sign-ups from one (test) client; the sign-in limits are the defaults.
    AUTH_SIGNUP_MAX_PER_IP: "1000",
  });
});
afterAll(() => t.cleanup());

const signIn = (browser: HttpSession, email: string, password: string, path = "/auth") =>
  browser.post(path, { intent: "signin", email, password });
const signUp = (browser: HttpSession, email: string, password: string, fullName = "Someone Else") =>
  browser.post("/auth", { intent: "signup", fullName, email, password });
const verifyLink = (email: string) => {
  const link = latestLink(t.dataDir, email, /verify-email/);
  expect(link).toBeDefined();
  const url = new URL(link as string);
  return url.pathname + url.search;
};
const userId = async (email: string) => {
  const ctx = await t.services.auth.$context;
  return (await ctx.internalAdapter.findUserByEmail(email))?.user.id as string;
};

describe("5. guessing passwords in parallel", () => {
  it("counts forty simultaneous sign-ins before any password is checked: five are tried, and the right one sent last is refused", async () => {
    await createVerifiedUser(t.services, { email: "burst@example.com", password: "Right-Pass9", fullName: "Bur St" });
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 39 ? "Right-Pass9" : `Wrong-guess${i}`));
    const answers = await Promise.all(
      guesses.map((password) => signIn(new HttpSession(t.app), "burst@example.com", password)),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses[39]).toBe(429);
    // Only five attempts (the per-account-and-client limit) reached the password check, each counted.
    const counted = await t.services.database.db
      .select()
      .from(authAttempts)
      .where(like(authAttempts.bucket, "signin:burst@example.com|%"));
    expect(counted).toHaveLength(5);
    // And the lock holds afterwards, for the right password too.
    expect((await signIn(new HttpSession(t.app), "burst@example.com", "Right-Pass9")).status).toBe(429);
  }, 120_000);

  it("still lets the owner in when the right password is within the limit of a burst", async () => {
    await createVerifiedUser(t.services, { email: "typo@example.com", password: "Right-Pass9", fullName: "Ty Po" });
    const guesses = ["Wrong-guess1", "Wrong-guess2", "Wrong-guess3", "Right-Pass9"];
    const answers = await Promise.all(
      guesses.map((password) => signIn(new HttpSession(t.app), "typo@example.com", password)),
    );
    expect(answers.map((res) => res.status)).toEqual([401, 401, 401, 302]);
  });
});

describe("5. guessing passwords from many clients", () => {
  let proxied: Awaited<ReturnType<typeof createTestApp>>;
  // Behind a proxy each X-Forwarded-For is a client; a ceiling of six (the default is 20) keeps the
  // test short, the rule is the same.
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: "true", AUTH_SIGNIN_MAX_PER_ACCOUNT_ALL_CLIENTS: "6" });
  });
  afterAll(() => proxied.cleanup());

  it("has a ceiling per account across every client, so many addresses cannot share out the guessing", async () => {
    await createVerifiedUser(proxied.services, {
      email: "spread@example.com",
      password: "Right-Pass9",
      fullName: "Spre Ad",
    });
    // Six clients, one guess each: no single client comes near its own limit of five.
    for (let i = 0; i < 6; i++) {
      const res = await signIn(
        new HttpSession(proxied.app, ORIGIN, { "x-forwarded-for": `203.0.113.${i}` }),
        "spread@example.com",
        `Wrong-guess${i}`,
      );
      expect(res.status, `guess ${i}`).toBe(i === 5 ? 429 : 401);
    }
    const fresh = new HttpSession(proxied.app, ORIGIN, { "x-forwarded-for": "198.51.100.7" });
    expect((await signIn(fresh, "spread@example.com", "Right-Pass9")).status).toBe(429);
    // Another account is not affected.
    await createVerifiedUser(proxied.services, {
      email: "calm@example.com",
      password: "Right-Pass9",
      fullName: "Ca Lm",
    });
    expect((await signIn(fresh, "calm@example.com", "Right-Pass9")).status).toBe(302);
  });
});

describe("6. signing up first with someone else's address", () => {
  it("does not lock the owner out: the owner's own sign-up replaces the stranger's, and the stranger's password and link die", async () => {
    const stranger = new HttpSession(t.app);
    expect((await signUp(stranger, "owner@example.com", "Stranger-Pass9")).status).toBe(200);
    const strangersLink = verifyLink("owner@example.com");

    const owner = new HttpSession(t.app);
    const ownSignUp = await signUp(owner, "owner@example.com", "Owner-Pass9", "The Owner");
    expect(ownSignUp.status).toBe(200);
    const ownersLink = verifyLink("owner@example.com");
    expect(ownersLink).not.toBe(strangersLink);

    // The owner opens their link in the browser they signed up with: signed in, on /products.
    const confirmed = await owner.get(ownersLink);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/products");
    expect(owner.hasCookie("better-auth.session_token")).toBe(true);

    expect((await signIn(new HttpSession(t.app), "owner@example.com", "Stranger-Pass9")).status).toBe(401);
    expect((await signIn(new HttpSession(t.app), "owner@example.com", "Owner-Pass9")).status).toBe(302);
    // The stranger's link names an account that no longer exists.
    const stale = await new HttpSession(t.app).get(strangersLink);
    expect(stale.headers.get("location")).toMatch(/error=/);
    expect(await isAdmin(t.services.database.db, await userId("owner@example.com"))).toBe(true);
  });

  it("when the owner only opens the link the stranger caused, the stranger's password is gone and the owner chooses one", async () => {
    const stranger = new HttpSession(t.app);
    expect((await signUp(stranger, "practitioner@example.com", "Stranger-Pass9")).status).toBe(200);

    // The owner reads the e-mail on another device and opens the link.
    const owner = new HttpSession(t.app);
    const opened = await owner.get(verifyLink("practitioner@example.com"));
    expect(opened.status).toBe(302);
    const next = new URL(opened.headers.get("location") as string, ORIGIN);
    expect(next.pathname).toBe("/auth/reset-password");
    expect(next.searchParams.get("welcome")).toBe("1");
    // Not signed in by the link: nobody's password is in force yet.
    expect(owner.hasCookie("better-auth.session_token")).toBe(false);
    expect((await signIn(stranger, "practitioner@example.com", "Stranger-Pass9")).status).toBe(401);

    const page = await owner.get(next.pathname + next.search);
    expect(await page.text()).toContain("Choose your password");
    const chosen = await owner.post("/auth/reset-password", {
      token: next.searchParams.get("token") as string,
      password: "Owner-Pass9",
    });
    expect(chosen.status).toBe(302);
    expect((await signIn(new HttpSession(t.app), "practitioner@example.com", "Stranger-Pass9")).status).toBe(401);
    const ownerIn = new HttpSession(t.app);
    expect((await signIn(ownerIn, "practitioner@example.com", "Owner-Pass9")).status).toBe(302);
    // ADMIN_EMAILS made the owner an admin, and only the owner can use it.
    expect((await ownerIn.get("/admin")).status).toBe(200);
  });

  it("still refuses a second sign-up for an address whose owner has confirmed it", async () => {
    await createVerifiedUser(t.services, { email: "taken@example.com", password: "Owner-Pass9", fullName: "Ta Ken" });
    const res = await signUp(new HttpSession(t.app), "taken@example.com", "Stranger-Pass9");
    expect(res.status).toBe(409);
    expect((await signIn(new HttpSession(t.app), "taken@example.com", "Owner-Pass9")).status).toBe(302);
  });
});

describe("7. a redirect that leaves the site", () => {
  const targets = [
    "/%09/evil.example/phish",
    "/%0A/evil.example",
    "/%0D%0A/evil.example",
    "%09//evil.example",
    "/%5C/evil.example",
    "%5C%5Cevil.example",
    "/.//evil.example",
    "///evil.example",
    "https://evil.example",
  ];

  it.each(targets)("a signed-in visitor sent to /auth?redirectTo=%s stays on this site", async (target) => {
    await createVerifiedUser(t.services, {
      email: `redirect-${targets.indexOf(target)}@example.com`,
      password: "Right-Pass9",
      fullName: "Re Direct",
    });
    const browser = new HttpSession(t.app);
    const signedIn = await signIn(
      browser,
      `redirect-${targets.indexOf(target)}@example.com`,
      "Right-Pass9",
      `/auth?redirectTo=${target}`,
    );
    const visit = await browser.get(`/auth?redirectTo=${target}`);
    for (const res of [signedIn, visit]) {
      expect(res.status).toBe(302);
      const location = res.headers.get("location") as string;
      // Resolved as a browser resolves it (tabs and newlines dropped, `\` read as `/`).
      expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
      expect(location).toBe("/products");
    }
  });
});

describe("8. reset links", () => {
  it("using one link ends every older one, and the owner is told by e-mail that the password changed", async () => {
    await createVerifiedUser(t.services, { email: "reset@example.com", password: "Owner-Pass9", fullName: "Re Set" });
    const tokenOf = () => {
      const link = latestLink(t.dataDir, "reset@example.com", /reset-password/);
      return new URL(link as string).pathname.split("/").pop() as string;
    };
    const browser = new HttpSession(t.app);
    await browser.post("/auth", { intent: "forgot", email: "reset@example.com" });
    const older = tokenOf();
    await browser.post("/auth", { intent: "forgot", email: "reset@example.com" });
    const newer = tokenOf();
    expect(newer).not.toBe(older);

    const used = await browser.post("/auth/reset-password", { token: newer, password: "Newer-Pass7" });
    expect(used.status).toBe(302);
    const replay = await new HttpSession(t.app).post("/auth/reset-password", { token: older, password: "Older-Pass7" });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain("This reset link is invalid or has expired.");
    expect((await signIn(new HttpSession(t.app), "reset@example.com", "Older-Pass7")).status).toBe(401);
    expect((await signIn(new HttpSession(t.app), "reset@example.com", "Newer-Pass7")).status).toBe(302);

    const notice = readOutbox(t.dataDir)
      .filter((m) => m.to === "reset@example.com")
      .find((m) => m.subject === "Your Sacred Healing password was changed");
    expect(notice).toBeDefined();
    expect(notice?.text).toContain("Hello Re Set,");
    expect(notice?.text).toContain("<title>Your Sacred Healing password was changed</title>");
    expect(notice?.text).toContain(`${ORIGIN}/auth?mode=forgot`);
  });
});

describe("12. the most common passwords", () => {
  const message = "This password is one of the most commonly used, so it is easy to guess. Please choose another.";

  it.each(["Password1", "Qwerty123", "PassWord1"])(
    "refuses %s at sign-up though it meets the four rules",
    async (password) => {
      const res = await signUp(new HttpSession(t.app), "common@example.com", password);
      expect(res.status).toBe(400);
      expect((await res.text()).replace(/\\u0026/g, "&")).toContain(message);
      expect(await userId("common@example.com")).toBeUndefined();
    },
  );

  it("refuses one when a password is reset, and keeps the old password", async () => {
    await createVerifiedUser(t.services, {
      email: "common-reset@example.com",
      password: "Owner-Pass9",
      fullName: "Co Mmon",
    });
    await new HttpSession(t.app).post("/auth", { intent: "forgot", email: "common-reset@example.com" });
    const link = latestLink(t.dataDir, "common-reset@example.com", /reset-password/) as string;
    const token = new URL(link).pathname.split("/").pop() as string;
    const res = await new HttpSession(t.app).post("/auth/reset-password", { token, password: "Iloveyou1" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect((await signIn(new HttpSession(t.app), "common-reset@example.com", "Owner-Pass9")).status).toBe(302);
  });

  it("says so in the sign-up form before anyone submits it", async () => {
    const html = await (await new HttpSession(t.app).get("/auth?mode=signup")).text();
    expect(html).toContain("Common passwords such as Password1 are not accepted.");
  });
});
