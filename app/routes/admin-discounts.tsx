import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { useActionToast } from "~/components/ui/use-action-toast";
import { requireAdmin, requireAdminWrite } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { DiscountCodeForm, emptyDiscount } from "~/features/admin/discount-code-form";
import { discountFormFrom, discountFormMessages, discountFormSchema } from "~/features/admin/discount-form-schema";
import { listDiscountableProducts, listDiscountCodes } from "~/features/shop/discount/list-discount-codes.server";
import { createDiscountCode, switchOffDiscountCode } from "~/features/shop/discount/save-discount-code.server";
import { AppError } from "~/lib/app-error";
import { servicesContext } from "~/lib/context";
import { formatLastDay } from "~/lib/format-date";
import { formatAmount } from "~/lib/format-price";
import { refusalOf, valuesFrom } from "~/lib/forms/action-data";
import { intent, reference, runIntent } from "~/lib/forms/run-intent.server";
import { z } from "~/lib/zod";
import type { Route } from "./+types/admin-discounts";

export const meta: Route.MetaFunction = () => [
  { title: "Discount Codes | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  const { db } = services.database;
  const [codes, products] = await Promise.all([listDiscountCodes(db), listDiscountableProducts(db)]);
  const titleOf = new Map(products.map((p) => [p.id, p.title]));
  const now = Date.now();
  return {
    products,
    codes: codes.map((code) => ({
      id: code.id,
      code: code.code,
      takesOff: code.kind === "percent" ? `${code.amount}% off` : `${formatAmount(code.amount)} off`,
      // Stored as the UK midnight that ends its last day; the day shown is the one before it.
      lastDay: code.expiresAt ? formatLastDay(code.expiresAt) : null,
      expired: code.expiresAt ? code.expiresAt.getTime() <= now : false,
      uses: code.paidUses,
      openUses: code.openUses,
      maxUses: code.maxUses,
      products: code.productIds?.map((id) => titleOf.get(id) ?? id) ?? null,
      // What it may be used on (issue 25 item 7), and whether only on a first visit.
      usedOn: `${code.appliesTo.map((scope) => ({ products: "products", sessions: "single sessions", packages: "packages" })[scope]).join(", ")}${code.firstTimeOnly ? " · first-time clients only" : ""}`,
      active: code.active,
    })),
  };
}

const success = (description: string) => ({
  redirectTo: "/admin/discounts",
  toast: { title: "Success", description },
});

const intents = {
  create: intent({
    read: discountFormFrom,
    schema: async ({ services }) =>
      discountFormSchema(new Set((await listDiscountableProducts(services.database.db)).map((p) => p.id))),
    handler: async (code, { services }) => {
      await createDiscountCode(services, code);
      return success(discountFormMessages.created);
    },
    // A code that is already taken is the code field's problem.
    errorFields: { conflict: "code" },
  }),
  "switch-off": intent({
    schema: z.object({ id: reference(z.uuid(), discountFormMessages.notFound) }),
    handler: async ({ id }, { services }) => {
      if (!(await switchOffDiscountCode(services, id))) {
        throw new AppError("not_found", discountFormMessages.notFound, "Not found");
      }
      return success(discountFormMessages.switchedOff);
    },
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, {
    guard: requireAdminWrite,
    describeInvalid: () => discountFormMessages.invalid,
  });

export default function AdminDiscounts({ loaderData, actionData }: Route.ComponentProps) {
  const { codes, products } = loaderData;
  useActionToast(actionData);
  const refused = refusalOf(actionData, "create");
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6">
        <h1 className="text-4xl">Discount Codes</h1>
        <p className="mt-1 text-muted">
          Customers type a code in the cart or at checkout; the shop works out what it takes off. Membership is never
          discounted.
        </p>
        <div className="mt-8">
          <DiscountCodeForm
            // A fresh, empty form after each code is made; the submitted values after a refusal.
            key={refused ? "again" : `new-${codes.length}`}
            values={valuesFrom(emptyDiscount, refused?.submitted)}
            errors={refused?.fieldErrors ?? {}}
            products={products}
          />
        </div>
        {codes.length === 0 ? (
          <p className={cardClass("mt-8 p-8 text-center text-muted")}>No discount codes yet.</p>
        ) : (
          <ul className="mt-8 space-y-3" aria-label="Discount codes">
            {codes.map((code) => (
              <li key={code.id} className={cardClass("flex flex-wrap items-center justify-between gap-3 p-5")}>
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-mono font-semibold break-all">{code.code}</span>
                    <span
                      className={`rounded-full px-3 py-0.5 text-xs font-semibold ${
                        !code.active
                          ? "bg-plum-100 text-plum-800"
                          : code.expired
                            ? "bg-gold-300/40 text-plum-900"
                            : "bg-green-100 text-green-900"
                      }`}
                    >
                      {!code.active ? "Off" : code.expired ? "Expired" : "Active"}
                    </span>
                  </p>
                  <p className="text-sm text-plum-900">
                    {code.takesOff}
                    {code.products ? ` · only ${code.products.join(", ")}` : " · every product"}
                    {` · on ${code.usedOn}`}
                  </p>
                  <p className="text-sm text-muted" data-testid="discount-uses">
                    {code.maxUses === null
                      ? `${code.uses} ${code.uses === 1 ? "use" : "uses"}`
                      : `${code.uses} of ${code.maxUses} ${code.maxUses === 1 ? "use" : "uses"}`}
                    {code.openUses > 0 ? ` (+${code.openUses} at checkout now)` : ""}
                    {" · "}
                    {code.lastDay ? `${code.expired ? "Ended" : "Last day"} ${code.lastDay}` : "No end date"}
                  </p>
                </div>
                {code.active ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="switch-off" />
                    <input type="hidden" name="id" value={code.id} />
                    <button type="submit" className={buttonClass("secondary")}>
                      Switch off<span className="sr-only">: {code.code}</span>
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
