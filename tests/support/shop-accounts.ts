import { randomBytes } from "node:crypto";
import { createVerifiedUser } from "~/features/accounts/create-verified-user.server";
import type { AppServices } from "~/lib/services.server";

const PASSWORD = "Sacred-Test-42";

/** A verified account and the Cookie header of a signed-in session for it. */
export async function signedInUser(services: AppServices, label = "buyer") {
  const email = `${label}-${randomBytes(4).toString("hex")}@example.com`;
  const created = await createVerifiedUser(services, { email, password: PASSWORD, fullName: "Test Buyer" });
  const { headers } = await services.auth.api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { id: created.id, email, cookie };
}

/** What the browser sends to POST /checkout. */
export function checkoutBody(
  products: { id: string; title: string; price_cents: number; product_type?: string }[],
  consent: unknown = true,
) {
  return JSON.stringify({
    products: products.map((p) => ({ product_type: "digital_guide", quantity: 1, ...p })),
    consent,
  });
}

export const jsonPost = (cookie: string, body: string) => ({
  method: "POST",
  body,
  headers: { "content-type": "application/json", cookie, origin: "http://localhost:3000" },
});
