import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { requestEmailChange } from "~/features/accounts/change-email.server";
import { createVerifiedUser } from "~/features/accounts/create-verified-user.server";
import { openDay } from "~/features/booking/booking-test-kit";
import { cancelBooking } from "~/features/booking/cancel-booking.server";
import { startBookingCheckout } from "~/features/booking/start-booking-checkout.server";
import { addClientNote } from "~/features/clients/add-client-note.server";
import { answerIntakeFor } from "~/features/clients/intake-test-kit";
import { submitComplaint } from "~/features/rights/complaints.server";
import { saveMailPreferences } from "~/features/rights/mail-preferences.server";
import { requestDataExport } from "~/features/rights/request-data-export.server";
import { payDemoCheckout } from "~/features/shop/demo/pay-demo-checkout.server";
import { refundPurchase } from "~/features/shop/refund-purchase.server";
import { startVoucherCheckout } from "~/features/shop/voucher/start-voucher-checkout.server";
import { submitTestimonial } from "~/features/testimonials/submit-testimonial.server";
import {
  authAttempts,
  bookings,
  bookingWaitlist,
  orderLines,
  purchases,
  refunds,
  vatInvoices,
  vouchers,
} from "~/lib/db/schema.server";
import { zonedInstant } from "~/lib/zoned-time";
import { buyInDemo } from "./demo-purchase";
import type { createTestApp } from "./test-app";

/**
 * The personal-data tests' kit (decision 049): clients seeded with every kind of row the site can
 * hold about a person, and the searches that look for a person's traces in every table.
 */

type App = Awaited<ReturnType<typeof createTestApp>>;
export const PASSWORD = "Sacred-Test-42";
const chakra = { id: "chakra-balance-guide", title: "Chakra Balance Guide", price_cents: 1299 };
const plan = { id: "subscription", title: "Digital Access", price_cents: 999, product_type: "subscription" };

export type Client = { id: string; email: string; name: string; cookie: string; bookingId: string };

export function personalDataKit(t: App) {
  async function signIn(email: string) {
    const { headers } = await t.services.auth.api.signInEmail({
      body: { email, password: PASSWORD },
      returnHeaders: true,
    });
    return headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
  }

  let nextDay = 8;
  async function bookAndPay(client: { id: string; email: string }) {
    const day = openDay(nextDay);
    nextDay += 7;
    const { bookingId } = await startBookingCheckout(t.services, client, {
      serviceId: "one-on-one",
      startsAt: zonedInstant(day, "11:00"),
      place: "in_person",
      note: `Please note for ${client.email}`,
      expressRequest: true,
    });
    const [row] = await t.services.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    await payDemoCheckout(t.services, client.id, row?.purchaseId ?? "");
    return bookingId;
  }

  /** A client with every kind of row: orders, a membership, a refunded session and a booked one, a complaint... */
  async function seedClient(name: string, label: string, everything = true): Promise<Client> {
    const email = `${label}-${randomBytes(4).toString("hex")}@example.com`;
    const { id } = await createVerifiedUser(t.services, { email, password: PASSWORD, fullName: name });
    const cookie = await signIn(email);
    await buyInDemo(t.app, cookie, [chakra]);
    if (everything) {
      await buyInDemo(t.app, cookie, [plan]);
      const cancelled = await bookAndPay({ id, email });
      await cancelBooking(t.services, { bookingId: cancelled, by: "client", userId: id });
      // Health data (decision 046): her answers and consent, and a note of the practitioner's about her.
      await answerIntakeFor(t.services, { id, email });
      await addClientNote(t.services, {
        clientId: id,
        actor: { id: null, name: "The practitioner", email: "owner@example.com", role: "practitioner" },
        body: `${name} felt calmer after the session.`,
      });
      // A testimonial about the guide she bought (decision 050): it names her.
      await submitTestimonial(
        t.services,
        { id, name, isAdmin: false },
        {
          topic: "shop",
          body: `${name} found the guide a great comfort this winter.`,
          incentivised: false,
          consent: "on",
        },
      );
      // A gift voucher she bought, then had refunded (decision 048: its cancelling entry names her
      // refund), and a VAT invoice for one of her orders (as issued while the practice was registered).
      const { voucherId } = await startVoucherCheckout(
        t.services,
        { id, email },
        {
          kind: "amount",
          pounds: 20,
          serviceId: "",
          buyerName: name,
          recipientName: "A Friend",
          recipientEmail: "friend@example.com",
          message: "",
          sendOn: "",
        },
      );
      const { db } = t.services.database;
      const [voucher] = await db.select().from(vouchers).where(eq(vouchers.id, voucherId));
      await payDemoCheckout(t.services, id, voucher?.purchaseId ?? "");
      await refundPurchase(t.services, voucher?.purchaseId ?? "");
      const invoiceNumber = (await db.select().from(vatInvoices)).length + 1;
      await db.insert(vatInvoices).values({
        number: invoiceNumber,
        purchaseId: voucher?.purchaseId ?? "",
        issuedAt: new Date(),
        vatNumber: "GB123456789",
        sellerName: "The practitioner",
        sellerAddress: "Bath",
        lines: [{ description: "Gift voucher", grossCents: 2000, rateBasisPoints: 0, vatCents: 0 }],
        grossCents: 2000,
        vatCents: 0,
      });
      // A place on a waiting list (decision 047).
      await t.services.database.db
        .insert(bookingWaitlist)
        .values({ id: randomUUID(), userId: id, serviceId: "one-on-one", day: "2030-01-08" });
    }
    const bookingId = await bookAndPay({ id, email });
    await saveMailPreferences(t.services, id, { sessionReminders: false });
    await submitComplaint(
      t.services,
      { name, email, message: `I am ${name} and I have a question.` },
      { userId: id, ip: "203.0.113.7" },
    );
    await t.services.database.db.insert(authAttempts).values({ bucket: `signin:${email}|203.0.113.9` });
    await requestDataExport(t.services, { id, email, name });
    await requestEmailChange(t.services, { id, email, name }, `new-${email}`);
    return { id, email, name, cookie, bookingId };
  }

  const rowsFrom = <T>(result: unknown) => (result as { rows: T[] }).rows;

  /** Every text, character, array and JSON column of every table in the database. */
  async function textColumns() {
    const result = await t.services.database.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`);
    return rowsFrom<{ table_name: string; column_name: string }>(result).filter(
      (c) => !c.table_name.startsWith("__drizzle"),
    );
  }

  /** Where `needle` appears, as `table.column`, in any text of any row. */
  async function findAnywhere(needle: string): Promise<string[]> {
    const found: string[] = [];
    for (const { table_name, column_name } of await textColumns()) {
      const result = await t.services.database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where lower(${sql.identifier(column_name)}::text) like ${`%${needle.toLowerCase()}%`}`,
      );
      if ((rowsFrom<{ n: number }>(result)[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name}`);
    }
    return found;
  }

  /** The ids of every row of every table with a user_id column that is hers. */
  async function rowsOf(userId: string) {
    const result = await t.services.database.db.execute(sql`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'user_id'`);
    const rows: { table: string; row: Record<string, unknown> }[] = [];
    for (const { table_name } of rowsFrom<{ table_name: string }>(result)) {
      const found = await t.services.database.db.execute(
        sql`select * from ${sql.identifier(table_name)} where user_id = ${userId}`,
      );
      for (const row of rowsFrom<Record<string, unknown>>(found)) rows.push({ table: table_name, row });
    }
    return rows;
  }

  async function books() {
    const { db } = t.services.database;
    const [p] = await db
      .select({ n: sql<number>`count(*)::int`, cents: sql<number>`sum(${purchases.totalAmountCents})::int` })
      .from(purchases);
    const [l] = await db
      .select({ n: sql<number>`count(*)::int`, cents: sql<number>`sum(${orderLines.amountCents})::int` })
      .from(orderLines);
    const [r] = await db
      .select({ n: sql<number>`count(*)::int`, cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
      .from(refunds);
    const none = { n: 0, cents: 0 };
    return { purchases: p ?? none, lines: l ?? none, refunds: r ?? none };
  }

  return { signIn, seedClient, findAnywhere, rowsOf, books };
}
