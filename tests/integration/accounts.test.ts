import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createVerifiedUser } from "~/features/accounts/create-verified-user.server";
import { verification } from "~/lib/db/schema.server";
import { HttpSession } from "../support/http-session";
import { latestLink, readOutbox } from "../support/outbox";
import { createTestApp } from "../support/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const signUpFields = (email: string, overrides: Record<string, string> = {}) => ({
  intent: "signup",
  fullName: "Zoë O’Brien",
  email,
  password: "Sacred-Pass9",
  ...overrides,
});

/** The action's answer, decoded from the HTML the server rendered for a no-JavaScript form post. */
async function pageText(res: Response) {
  return (await res.text()).replace(/\\u0026/g, "&");
}

describe("sign-up and e-mail verification", () => {
  it("creates an unverified account, e-mails a link, and the link signs in and lands on /products", async () => {
    const browser = new HttpSession(t.app);
    const res = await browser.post("/auth", signUpFields("New.Member@Example.com"));
    expect(res.status).toBe(200);
    expect(await pageText(res)).toContain("sent a confirmation link to new.member@example.com");

    const [mail] = readOutbox(t.dataDir).filter((m) => m.to === "new.member@example.com");
    expect(mail?.subject).toBe("Confirm your e-mail for Sacred Healing");
    expect(mail?.text).toContain("Hello Zoë O’Brien");

    // Not verified yet: sign-in is refused with the spec's message.
    const early = await browser.post("/auth", {
      intent: "signin",
      email: "new.member@example.com",
      password: "Sacred-Pass9",
    });
    expect(early.status).toBe(403);
    expect(await pageText(early)).toContain("Please check your email and click the confirmation link.");

    const link = latestLink(t.dataDir, "new.member@example.com", /verify-email/);
    expect(link).toBeDefined();
    const url = new URL(link as string);
    const verified = await browser.get(url.pathname + url.search);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/products");
    expect(browser.hasCookie("better-auth.session_token")).toBe(true);

    const home = await browser.get("/");
    expect(await home.text()).toContain("Welcome, new.member");
  });

  it("refuses an e-mail that is already registered with the spec's message", async () => {
    const browser = new HttpSession(t.app);
    await browser.post("/auth", signUpFields("twice@example.com"));
    // Once confirmed: before that, a new sign-up replaces the pending one (account-takeover.test.ts).
    const link = new URL(latestLink(t.dataDir, "twice@example.com", /verify-email/) as string);
    await browser.get(link.pathname + link.search);
    const again = await new HttpSession(t.app).post("/auth", signUpFields("twice@example.com"));
    expect(again.status).toBe(409);
    expect(await pageText(again)).toContain("An account with this email already exists. Please sign in instead.");
  });

  it("resends a verification link on request, without saying whether the address exists", async () => {
    const browser = new HttpSession(t.app);
    await browser.post("/auth", signUpFields("resend@example.com"));
    const before = readOutbox(t.dataDir).filter((m) => m.to === "resend@example.com").length;
    const known = await browser.post("/auth", { intent: "resend", email: "resend@example.com" });
    const unknown = await browser.post("/auth", { intent: "resend", email: "nobody@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(readOutbox(t.dataDir).filter((m) => m.to === "resend@example.com").length).toBe(before + 1);
    expect(readOutbox(t.dataDir).filter((m) => m.to === "nobody@example.com")).toHaveLength(0);
  });
});

describe("server-side validation (spec §5), with the exact messages", () => {
  const cases: Array<[string, Record<string, string>, string]> = [
    ["missing email", { email: "" }, "Email is required"],
    ["bad email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["long email", { email: `${"a".repeat(250)}@x.io` }, "Email is too long"],
    ["long local part", { email: `${"a".repeat(65)}@example.com` }, "Invalid email format"],
    ["short password", { password: "Ab1" }, "Password must be at least 8 characters long"],
    ["long password", { password: `Aa1${"x".repeat(130)}` }, "Password is too long"],
    ["no uppercase", { password: "passw0rd1" }, "Password must contain at least one uppercase letter"],
    ["no lowercase", { password: "PASSW0RD1" }, "Password must contain at least one lowercase letter"],
    ["no digit", { password: "Password" }, "Password must contain at least one number"],
    ["missing name", { fullName: "  " }, "Full name is required"],
    ["long name", { fullName: "A".repeat(101) }, "Full name is too long"],
    ["digits in name", { fullName: "R2D2" }, "Full name can only contain letters, spaces, hyphens, and apostrophes"],
    ["one-letter name", { fullName: "J" }, "Full name must be at least 2 characters long"],
  ];
  it.each(cases)("sign-up with %s answers 400 with the message", async (_label, override, message) => {
    const res = await new HttpSession(t.app).post("/auth", signUpFields("valid@example.com", override));
    expect(res.status).toBe(400);
    expect(await pageText(res)).toContain(message);
  });

  it("sign-in needs a password", async () => {
    const res = await new HttpSession(t.app).post("/auth", { intent: "signin", email: "a@example.com", password: "" });
    expect(res.status).toBe(400);
    expect(await pageText(res)).toContain("Password is required");
  });

  it("strips angle brackets before anything is stored", async () => {
    const browser = new HttpSession(t.app);
    const res = await browser.post("/auth", signUpFields("<b>tag@example.com"));
    expect(res.status).toBe(200);
    expect(readOutbox(t.dataDir).some((m) => m.to === "btag@example.com")).toBe(true);
  });
});

describe("sign-in lockout", () => {
  it("locks an e-mail and client after five failures, with the seconds left, and a forged X-Forwarded-For changes nothing", async () => {
    await createVerifiedUser(t.services, { email: "locked@example.com", password: "Passw0rd1", fullName: "Lock Ed" });
    const browser = new HttpSession(t.app);
    const wrong = { intent: "signin", email: "locked@example.com", password: "Wrong-password1" };
    for (let i = 1; i <= 4; i++) {
      const res = await browser.post("/auth", wrong);
      expect(res.status, `attempt ${i}`).toBe(401);
      expect(await pageText(res)).toContain("Invalid email or password. Please check your credentials.");
    }
    const fifth = await browser.post("/auth", wrong);
    expect(fifth.status).toBe(429);
    const retryAfter = Number(fifth.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await pageText(fifth)).toContain("Please wait 15 minutes before trying again.");

    // Even the right password is refused while locked, from any claimed address.
    for (const forged of ["203.0.113.9", "198.51.100.1, 10.0.0.1"]) {
      const res = await browser.post(
        "/auth",
        { ...wrong, password: "Passw0rd1" },
        { "x-forwarded-for": forged, "x-client-ip": forged },
      );
      expect(res.status).toBe(429);
    }
  });

  it("holds across a restart of the server", async () => {
    const first = await createTestApp();
    await createVerifiedUser(first.services, {
      email: "restart@example.com",
      password: "Passw0rd1",
      fullName: "Re Start",
    });
    const wrong = { intent: "signin", email: "restart@example.com", password: "Nope-nope1" };
    for (let i = 0; i < 5; i++) await new HttpSession(first.app).post("/auth", wrong);
    await first.stop();

    const second = await createTestApp({}, { reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl } });
    try {
      const res = await new HttpSession(second.app).post("/auth", { ...wrong, password: "Passw0rd1" });
      expect(res.status).toBe(429);
    } finally {
      await second.cleanup();
    }
  });

  it("behind a trusted proxy keys on the proxy's entry, so a client-sent prefix cannot reset it", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "true" });
    try {
      await createVerifiedUser(proxied.services, {
        email: "proxy@example.com",
        password: "Passw0rd1",
        fullName: "Pro Xy",
      });
      const wrong = { intent: "signin", email: "proxy@example.com", password: "Nope-nope1" };
      for (let i = 0; i < 5; i++) {
        await new HttpSession(proxied.app).post("/auth", wrong, { "x-forwarded-for": `203.0.113.${i}, 192.0.2.50` });
      }
      const res = await new HttpSession(proxied.app).post(
        "/auth",
        { ...wrong, password: "Passw0rd1" },
        { "x-forwarded-for": "198.51.100.77, 192.0.2.50" },
      );
      expect(res.status).toBe(429);
      // A different real client (a different proxy-appended address) is not locked out.
      const other = await new HttpSession(proxied.app).post(
        "/auth",
        { ...wrong, password: "Passw0rd1" },
        { "x-forwarded-for": "192.0.2.51" },
      );
      expect(other.status).toBe(302);
    } finally {
      await proxied.cleanup();
    }
  });
});

describe("sessions and protected pages", () => {
  async function signedIn(email: string) {
    const browser = new HttpSession(t.app);
    const res = await browser.post("/auth", { intent: "signin", email, password: "Passw0rd1" });
    expect(res.status).toBe(302);
    return browser;
  }

  it("sets an httpOnly, SameSite=Lax session cookie", async () => {
    await createVerifiedUser(t.services, { email: "cookie@example.com", password: "Passw0rd1", fullName: "Coo Kie" });
    const res = await new HttpSession(t.app).post("/auth", {
      intent: "signin",
      email: "cookie@example.com",
      password: "Passw0rd1",
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("sends visitors from /my-purchases and /admin to /auth before rendering anything", async () => {
    const visitor = new HttpSession(t.app);
    for (const path of ["/my-purchases", "/admin"]) {
      const res = await visitor.get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  it("names the page, not React Router's data address, when a client-side navigation is sent to /auth", async () => {
    const res = await t.app.request("/my-purchases.data?_routes=routes%2Fmy-purchases");
    const body = await res.text();
    expect(body).toContain(`/auth?redirectTo=${encodeURIComponent("/my-purchases")}`);
    expect(body).not.toContain("my-purchases.data");
  });

  it("after sign-in returns to the protected page that sent the visitor to /auth", async () => {
    await createVerifiedUser(t.services, { email: "back@example.com", password: "Passw0rd1", fullName: "Back Again" });
    const res = await new HttpSession(t.app).post("/auth?redirectTo=%2Fmy-purchases", {
      intent: "signin",
      email: "back@example.com",
      password: "Passw0rd1",
    });
    expect(res.headers.get("location")).toBe("/my-purchases");
    const offsite = await new HttpSession(t.app).post("/auth?redirectTo=%2F%2Fevil.example", {
      intent: "signin",
      email: "back@example.com",
      password: "Passw0rd1",
    });
    expect(offsite.headers.get("location")).toBe("/products");
  });

  it("sends a customer from /admin home with the 'Access Denied' toast; an admin gets in", async () => {
    await createVerifiedUser(t.services, {
      email: "customer@example.com",
      password: "Passw0rd1",
      fullName: "Cus Tomer",
    });
    const customer = await signedIn("customer@example.com");
    const denied = await customer.get("/admin");
    expect(denied.status).toBe(302);
    expect(denied.headers.get("location")).toBe("/");
    const home = await customer.get("/");
    const html = await home.text();
    expect(html).toContain("Access Denied");
    expect(html).toMatch(/You don.{1,8}t have admin privileges\./);

    await createVerifiedUser(t.services, { email: "owner@example.com", password: "Passw0rd1", fullName: "Ow Ner" });
    await t.server.runCommand(t.services, "admin", ["add", "owner@example.com"]);
    const admin = await signedIn("owner@example.com");
    expect((await admin.get("/admin")).status).toBe(200);
    expect(await (await admin.get("/")).text()).toContain(">Admin</a>");
  });

  it("'Sign Out' ends every session of the user, on every device", async () => {
    await createVerifiedUser(t.services, { email: "two@example.com", password: "Passw0rd1", fullName: "Two Devices" });
    const laptop = await signedIn("two@example.com");
    const phone = await signedIn("two@example.com");
    expect((await phone.get("/my-purchases")).status).not.toBe(302);
    const out = await laptop.post("/sign-out", {});
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/auth");
    expect((await phone.get("/my-purchases")).status).toBe(302);
    expect((await laptop.get("/my-purchases")).status).toBe(302);
  });

  it("'Sign Out' without a session still lands on /auth, and logs no failure", async () => {
    const warnings = vi.spyOn(t.services.logger, "warn");
    try {
      const res = await new HttpSession(t.app).post("/sign-out", {});
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/auth");
      expect(warnings).not.toHaveBeenCalled();
    } finally {
      warnings.mockRestore();
    }
  });
});

describe("forgotten password", () => {
  it("sends a one-hour, single-use link; the new password follows the sign-up rules and ends other sessions", async () => {
    await createVerifiedUser(t.services, { email: "forgot@example.com", password: "Passw0rd1", fullName: "For Got" });
    const other = new HttpSession(t.app);
    await other.post("/auth", { intent: "signin", email: "forgot@example.com", password: "Passw0rd1" });

    const browser = new HttpSession(t.app);
    const asked = await browser.post("/auth", { intent: "forgot", email: "forgot@example.com" });
    const stranger = await browser.post("/auth", { intent: "forgot", email: "stranger@example.com" });
    expect(asked.status).toBe(200);
    expect(stranger.status).toBe(200);
    const answer = (html: string) => /If an account exists for that email[^<"]*/.exec(html)?.[0];
    expect(answer(await pageText(asked))).toBe(answer(await pageText(stranger)));

    const link = latestLink(t.dataDir, "forgot@example.com", /reset-password/);
    expect(link).toBeDefined();
    const url = new URL(link as string);
    const landing = await browser.get(url.pathname + url.search);
    expect(landing.status).toBe(302);
    const formUrl = new URL(landing.headers.get("location") as string, "http://localhost:3000");
    expect(formUrl.pathname).toBe("/auth/reset-password");
    const token = formUrl.searchParams.get("token") as string;
    expect(token).toBeTruthy();

    const weak = await browser.post("/auth/reset-password", { token, password: "weakpass" });
    expect(weak.status).toBe(400);
    expect(await pageText(weak)).toContain("Password must contain at least one uppercase letter");

    const done = await browser.post("/auth/reset-password", { token, password: "N3wPassword" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/auth");

    expect((await other.get("/my-purchases")).status).toBe(302);
    const reused = await browser.post("/auth/reset-password", { token, password: "An0therPass" });
    expect(reused.status).toBe(400);
    const old = await new HttpSession(t.app).post("/auth", {
      intent: "signin",
      email: "forgot@example.com",
      password: "Passw0rd1",
    });
    expect(old.status).toBe(401);
    const fresh = await new HttpSession(t.app).post("/auth", {
      intent: "signin",
      email: "forgot@example.com",
      password: "N3wPassword",
    });
    expect(fresh.status).toBe(302);
  });

  it("stores a hash of the link's token, so a copy of the database holds no usable link", async () => {
    const user = await createVerifiedUser(t.services, {
      email: "hashed@example.com",
      password: "Passw0rd1",
      fullName: "Hash Ed",
    });
    const browser = new HttpSession(t.app);
    await browser.post("/auth", { intent: "forgot", email: "hashed@example.com" });
    const link = new URL(latestLink(t.dataDir, "hashed@example.com", /reset-password/) as string);
    const token = link.pathname.split("/").at(-1) as string;
    expect(token.length).toBeGreaterThan(20);

    const rows = await t.services.database.db
      .select({ identifier: verification.identifier })
      .from(verification)
      .where(eq(verification.value, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.identifier).toMatch(/^reset-password-sha256:[\w-]{43}$/);
    expect(rows[0]?.identifier).not.toContain(token);

    // The stored value, put in a link whole or without its prefix, opens nothing; the real link still works.
    const stored = rows[0]?.identifier as string;
    for (const forgedToken of [stored, stored.slice(stored.indexOf(":") + 1)]) {
      const forged = await browser.get(
        `${link.pathname.replace(token, encodeURIComponent(forgedToken))}${link.search}`,
      );
      expect(forged.headers.get("location")).toContain("error=INVALID_TOKEN");
      const reset = await browser.post("/auth/reset-password", { token: forgedToken, password: "N3wPassword" });
      expect(reset.status).toBe(400);
    }
    const landing = await browser.get(link.pathname + link.search);
    expect(new URL(landing.headers.get("location") as string, "http://localhost:3000").pathname).toBe(
      "/auth/reset-password",
    );
  });
});

describe("Better Auth's own endpoints", () => {
  it("are not reachable except the e-mail links, so the lockout cannot be bypassed", async () => {
    for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/get-session"]) {
      const res = await t.app.request(path, {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json" },
      });
      expect(res.status, path).toBe(404);
    }
  });
});
