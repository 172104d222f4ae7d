import { useEffect } from "react";
import { data, Form } from "react-router";
import { showToast } from "~/components/ui/toast";
import { requireAdmin, requireAdminWrite } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { DiscountCodeForm, emptyDiscount } from "~/features/admin/discount-code-form";
import {
  type DiscountField,
  type DiscountFormValues,
  discountFormFrom,
  discountFormMessages,
  parseDiscountForm,
} from "~/features/admin/discount-form-schema";
import { listDiscountableProducts, listDiscountCodes } from "~/features/shop/discount/list-discount-codes.server";
import { createDiscountCode, switchOffDiscountCode } from "~/features/shop/discount/save-discount-code.server";
import { AppError } from "~/lib/app-error";
import { servicesContext } from "~/lib/context";
import { redirectWithToast } from "~/lib/flash.server";
import { formatLongDate } from "~/lib/format-date";
import { formatAmount } from "~/lib/format-price";
import { readForm } from "~/lib/read-form.server";
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
      lastDay: code.expiresAt ? formatLongDate(new Date(code.expiresAt.getTime() - 1)) : null,
      expired: code.expiresAt ? code.expiresAt.getTime() <= now : false,
      uses: code.paidUses,
      openUses: code.openUses,
      maxUses: code.maxUses,
      products: code.productIds?.map((id) => titleOf.get(id) ?? id) ?? null,
      active: code.active,
    })),
  };
}

type ActionData = { errors: Partial<Record<DiscountField, string>>; submitted: DiscountFormValues; message: string };

const codeId = z.uuid();

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  await requireAdminWrite(request, services);
  const form = await readForm(request);
  const intent = form.get("intent");
  const done = (description: string) =>
    redirectWithToast("/admin/discounts", { title: "Success", description, variant: "default" }, services.env);

  if (intent === "switch-off") {
    const id = codeId.safeParse(form.get("id"));
    if (!id.success || !(await switchOffDiscountCode(services, id.data))) {
      throw data(discountFormMessages.notFound, { status: 404 });
    }
    return done(discountFormMessages.switchedOff);
  }
  if (intent !== "create") throw data("Unknown action.", { status: 400 });
  const submitted = discountFormFrom(form);
  const known = new Set((await listDiscountableProducts(services.database.db)).map((p) => p.id));
  const parsed = parseDiscountForm(submitted, known);
  if (!parsed.ok) {
    return data<ActionData>(
      { errors: parsed.errors, submitted, message: discountFormMessages.invalid },
      { status: 400 },
    );
  }
  try {
    await createDiscountCode(services, parsed.value);
  } catch (error) {
    if (error instanceof AppError && error.code === "conflict") {
      return data<ActionData>({ errors: { code: error.message }, submitted, message: error.message }, { status: 409 });
    }
    throw error;
  }
  return done(discountFormMessages.created);
}

export default function AdminDiscounts({ loaderData, actionData }: Route.ComponentProps) {
  const { codes, products } = loaderData;
  useEffect(() => {
    if (actionData?.message) {
      showToast({ title: "Validation Error", description: actionData.message, variant: "destructive" });
    }
  }, [actionData]);
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
            key={actionData ? "again" : `new-${codes.length}`}
            values={actionData?.submitted ?? emptyDiscount}
            errors={actionData?.errors ?? {}}
            products={products}
          />
        </div>
        {codes.length === 0 ? (
          <p className="card mt-8 p-8 text-center text-muted">No discount codes yet.</p>
        ) : (
          <ul className="mt-8 space-y-3" aria-label="Discount codes">
            {codes.map((code) => (
              <li key={code.id} className="card flex flex-wrap items-center justify-between gap-3 p-5">
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
                    <button type="submit" className="btn-outline">
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
