import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalS3 } from "../support/local-s3";
import { checkoutBody, jsonPost, signedInUser } from "../support/shop-accounts";
import { createTestApp } from "../support/test-app";

let s3: Awaited<ReturnType<typeof startLocalS3>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
const chakra = { id: "chakra-balance-guide", title: "Chakra Balance Guide", price_cents: 1299 };

beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp(s3.env);
  await t.server.seedCatalogue(t.services);
});
afterAll(async () => {
  await t.cleanup();
  await s3.stop();
});

describe("files on S3-compatible storage", () => {
  it("seeds product files into the bucket and serves public covers through the site", async () => {
    expect((await t.services.files.stat("pdfs/seed-chakra-balance-guide.pdf"))?.size).toBeGreaterThan(100);
    const cover = await t.app.request("/media/covers/chakra-balance-guide.webp");
    expect(cover.status).toBe(200);
    expect(cover.headers.get("content-type")).toBe("image/webp");
  });

  it("refuses a customer who has not bought, and sends a buyer to a short-lived signed URL with the file", async () => {
    const customer = await signedInUser(t.services);
    expect(
      (await t.app.request("/api/downloads/chakra-balance-guide", { headers: { cookie: customer.cookie } })).status,
    ).toBe(403);

    const res = await t.app.request("/checkout", jsonPost(customer.cookie, checkoutBody([chakra])));
    const { url } = (await res.json()) as { url: string };
    await t.app.request(`http://localhost:3000${url}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "pay" }),
      headers: {
        cookie: customer.cookie,
        origin: "http://localhost:3000",
        "content-type": "application/x-www-form-urlencoded",
      },
    });

    const download = await t.app.request("/api/downloads/chakra-balance-guide", {
      headers: { cookie: customer.cookie },
    });
    expect(download.status).toBe(302);
    const signed = download.headers.get("location") as string;
    expect(signed.startsWith(s3.endpoint)).toBe(true);
    expect(signed).toContain("X-Amz-Signature=");
    const file = await fetch(signed);
    expect(file.status).toBe(200);
    expect((await file.text()).startsWith("%PDF-1.4")).toBe(true);
    // Audio and video may play from the bucket, so pages allow it as a media source.
    const page = await t.app.request("/product/chakra-balance-guide", { headers: { cookie: customer.cookie } });
    expect(page.headers.get("content-security-policy")).toContain(`media-src 'self' ${s3.endpoint}`);
  });
});
