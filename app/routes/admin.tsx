import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { useActionToast } from "~/components/ui/use-action-toast";
import { requireAdmin } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { toAdminProduct } from "~/features/admin/admin-product";
import { AdminProductCard } from "~/features/admin/admin-product-card";
import { deleteProduct } from "~/features/admin/delete-product.server";
import { listAdminProducts, listArchivedProducts } from "~/features/admin/list-admin-products.server";
import { ProductForm } from "~/features/admin/product-form";
import { type ProductFormValues, productFormSchema, readProductForm } from "~/features/admin/product-form-schema";
import { backToList } from "~/features/admin/read-page";
import { requireAdminList } from "~/features/admin/require-admin-list.server";
import { restoreProduct } from "~/features/admin/restore-product.server";
import { saveProduct } from "~/features/admin/save-product.server";
import { uploadLimits } from "~/features/admin/store-upload.server";
import { textsOf, withClaimsWarning } from "~/features/claims/find-claims";
import { getProduct } from "~/features/shop/get-product.server";
import { productIdSchema } from "~/features/shop/schemas";
import { getSiteSettings } from "~/features/site-settings/get-site-settings.server";
import { placeholdersLeft } from "~/features/site-settings/settings-schema";
import { PlaceholderChecklist } from "~/features/site-settings/ui/settings-form";
import { AppError } from "~/lib/app-error";
import { servicesContext } from "~/lib/context";
import { formatLongDate } from "~/lib/format-date";
import { formatPrice } from "~/lib/format-price";
import { refusalOf } from "~/lib/forms/action-data";
import { intent, reference, runIntent } from "~/lib/forms/run-intent.server";
import { pageCount, pageHref } from "~/lib/pagination";
import type { AppServices } from "~/lib/services.server";
import { z } from "~/lib/zod";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [
  { title: "Product Management | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { page, url } = await requireAdminList(request, services);
  const editId = productIdSchema.safeParse(url.searchParams.get("edit"));
  const [list, editing, archivedProducts, settings] = await Promise.all([
    listAdminProducts(services.database.db, page),
    editId.success ? getProduct(services.database.db, editId.data) : undefined,
    listArchivedProducts(services.database.db),
    getSiteSettings(services.database.db),
  ]);
  return {
    ...list,
    archivedProducts: archivedProducts.map((p) => ({
      ...p,
      archivedOn: p.archivedAt ? formatLongDate(p.archivedAt) : "",
    })),
    page,
    pages: pageCount(list.total, list.pageSize),
    limits: uploadLimits(services),
    form: editing ? ("edit" as const) : url.searchParams.get("form") === "new" ? ("new" as const) : null,
    editing: editing ? toAdminProduct(editing) : null,
    placeholders: placeholdersLeft(settings),
  };
}

const success = (redirectTo: string, title: string, description: string) => ({
  redirectTo,
  toast: { title, description },
});

async function save(services: AppServices, request: Request, id: string | undefined, values: ProductFormValues) {
  const saved = await saveProduct(services, { id, values });
  const description = saved.created ? "Product created successfully." : "Product updated successfully.";
  // Saved either way: words that may make a health claim are a warning for her to read (decision 050).
  return {
    redirectTo: backToList("/admin", request),
    toast: withClaimsWarning({ title: "Success", description }, textsOf(values)),
  };
}

const intents = {
  create: intent({
    read: readProductForm,
    schema: productFormSchema,
    handler: (values, { services, request }) => save(services, request, undefined, values),
    unexpected: "Failed to save product.",
  }),
  update: intent({
    read: (form) => ({ ...readProductForm(form), id: form.get("id") }),
    // A missing id is the page's fault, not a field's: it is refused below, under the Error title.
    schema: productFormSchema.extend({ id: productIdSchema.optional().catch(undefined) }),
    handler: async ({ id, ...values }, { services, request }) => {
      if (!id) throw new AppError("invalid_request", "Failed to save product.");
      return save(services, request, id, values);
    },
    unexpected: "Failed to save product.",
  }),
  delete: intent({
    schema: z.object({ id: reference(productIdSchema, "Failed to delete product.", 400) }),
    handler: async ({ id }, { services, request }) => {
      const deleted = await deleteProduct(services, id);
      return deleted.outcome === "archived"
        ? success(
            backToList("/admin", request),
            "Archived",
            `“${deleted.title}” has been bought, so it was archived: it left the shop, and its buyers keep their downloads. Restore it under Archived.`,
          )
        : success(backToList("/admin", request), "Success", "Product deleted successfully.");
    },
    title: "Error",
    unexpected: "Failed to delete product.",
  }),
  restore: intent({
    schema: z.object({ id: reference(productIdSchema, "This product is not archived.", 400) }),
    handler: async ({ id }, { services, request }) => {
      const { title } = await restoreProduct(services, id);
      return success(backToList("/admin", request), "Restored", `“${title}” is back in the shop.`);
    },
    title: "Error",
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, {
    guard: requireAdmin,
    refusedTitle: "Error",
    // Spec §5: one 'Validation Error' toast that lists every problem, as the browser's own check says it.
    describeInvalid: (messages) => messages.join(", "),
  });

const withParam = (href: string, param: string) => `${href}${href.includes("?") ? "&" : "?"}${param}`;

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { products, total, archived, archivedProducts, page, pages, limits, form, editing, placeholders } = loaderData;
  // Opening, cancelling and editing keep the admin on the page of the list they were on.
  const list = pageHref("/admin", page);

  useActionToast(actionData);
  const refused = refusalOf(actionData);

  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6">
        {placeholders.length ? (
          <div className="mb-8">
            <PlaceholderChecklist items={placeholders} />
          </div>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h1 className="text-4xl">Product Management</h1>
            <p className="mt-1 text-muted">
              {total === 1 ? "1 product" : `${total} products`} in the catalogue
              {archived > 0 ? `, ${archived} archived (kept for their buyers)` : ""}.
            </p>
          </div>
          <Link
            to={form === "new" ? list : withParam(list, "form=new")}
            className={buttonClass("primary")}
            aria-expanded={form === "new"}
          >
            Add Product
          </Link>
        </div>

        <div className="mt-8">
          {form ? (
            <ProductForm
              // Another product (or a new one) is another form: 'Add Product' always starts from the defaults.
              key={editing?.id ?? "new"}
              product={editing}
              limits={limits}
              cancelHref={list}
              submitted={refused?.submitted}
              errors={refused?.errors}
              fieldErrors={refused?.fieldErrors}
            />
          ) : null}
        </div>

        {products.length === 0 ? (
          <p className={cardClass("p-8 text-center text-muted")}>
            No products yet. Use Add Product to create the first one.
          </p>
        ) : (
          <ul className="grid gap-4" aria-label="Products">
            {products.map((product) => (
              <li key={product.id}>
                <AdminProductCard
                  product={product}
                  editHref={withParam(list, `edit=${encodeURIComponent(product.id)}`)}
                />
              </li>
            ))}
          </ul>
        )}
        <Pagination path="/admin" page={page} pageCount={pages} label="Product pages" />

        {archivedProducts.length > 0 ? (
          <section aria-labelledby="archived-title" className="mt-12">
            <h2 id="archived-title" className="text-2xl">
              Archived
            </h2>
            <p className="mt-1 text-sm text-muted">Withdrawn after a sale: out of the shop, still with their buyers.</p>
            <ul className="mt-4 grid gap-3" aria-label="Archived products">
              {archivedProducts.map((product) => (
                <li key={product.id} className={cardClass("flex flex-wrap items-center justify-between gap-3 p-4")}>
                  <div className="min-w-0">
                    <h3 className="font-sans text-lg font-semibold">{product.title}</h3>
                    <p className="text-sm text-muted">
                      {formatPrice(product.priceCents)} · archived {product.archivedOn}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="id" value={product.id} />
                    <button type="submit" className={buttonClass("secondary")} aria-label={`Restore ${product.title}`}>
                      Restore
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </>
  );
}
