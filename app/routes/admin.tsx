import { useEffect } from "react";
import { data, Form, Link } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { showToast, type ToastInput } from "~/components/ui/toast";
import { requireAdmin } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { toAdminProduct } from "~/features/admin/admin-product";
import { AdminProductCard } from "~/features/admin/admin-product-card";
import { deleteProduct } from "~/features/admin/delete-product.server";
import { listAdminProducts, listArchivedProducts } from "~/features/admin/list-admin-products.server";
import { ProductForm, type SubmittedValues } from "~/features/admin/product-form";
import { PRODUCT_FIELDS, parseProductForm } from "~/features/admin/product-form-schema";
import { backToList } from "~/features/admin/read-page";
import { requireAdminList } from "~/features/admin/require-admin-list.server";
import { restoreProduct } from "~/features/admin/restore-product.server";
import { saveProduct } from "~/features/admin/save-product.server";
import { uploadLimits } from "~/features/admin/store-upload.server";
import { getProduct } from "~/features/shop/get-product.server";
import { productIdSchema } from "~/features/shop/schemas";
import { getSiteSettings } from "~/features/site-settings/get-site-settings.server";
import { placeholdersLeft } from "~/features/site-settings/settings-schema";
import { PlaceholderChecklist } from "~/features/site-settings/ui/settings-form";
import { AppError } from "~/lib/app-error";
import { servicesContext } from "~/lib/context";
import { redirectWithToast } from "~/lib/flash.server";
import { formatLongDate } from "~/lib/format-date";
import { formatPrice } from "~/lib/format-price";
import { pageCount, pageHref } from "~/lib/pagination";
import { readForm } from "~/lib/read-form.server";
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

type ActionResult = { toast: ToastInput; errors?: string[]; submitted?: SubmittedValues };

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  const form = await readForm(request);
  const intent = form.get("intent");
  const parsedId = productIdSchema.safeParse(form.get("id"));
  const id = parsedId.success ? parsedId.data : null;
  const back = backToList("/admin", request);
  const fail = (status: number, result: ActionResult) => data(result, { status });

  if (intent === "delete") {
    if (!id) return fail(400, { toast: errorToast("Failed to delete product.") });
    let deleted: Awaited<ReturnType<typeof deleteProduct>>;
    try {
      deleted = await deleteProduct(services, id);
    } catch (error) {
      if (error instanceof AppError) return fail(error.status, { toast: errorToast(error.message) });
      services.logger.error({ err: error, productId: id }, "delete product failed");
      return fail(500, { toast: errorToast("Failed to delete product.") });
    }
    return redirectWithToast(
      back,
      deleted.outcome === "archived"
        ? {
            title: "Archived",
            description: `“${deleted.title}” has been bought, so it was archived: it left the shop, and its buyers keep their downloads. Restore it under Archived.`,
            variant: "default",
          }
        : { title: "Success", description: "Product deleted successfully.", variant: "default" },
      services.env,
    );
  }

  if (intent === "restore") {
    if (!id) return fail(400, { toast: errorToast("This product is not archived.") });
    try {
      const { title } = await restoreProduct(services, id);
      return redirectWithToast(
        back,
        { title: "Restored", description: `“${title}” is back in the shop.`, variant: "default" },
        services.env,
      );
    } catch (error) {
      if (error instanceof AppError) return fail(error.status, { toast: errorToast(error.message) });
      throw error;
    }
  }

  if (intent !== "create" && intent !== "update") return fail(400, { toast: errorToast("Unknown action.") });
  const submitted = Object.fromEntries(
    PRODUCT_FIELDS.flatMap((field) => {
      const value = form.get(field);
      return typeof value === "string" ? [[field, value]] : [];
    }),
  );
  if (intent === "update" && !id) {
    return fail(400, { toast: errorToast("Failed to save product."), submitted });
  }
  const parsed = parseProductForm(form);
  if (!parsed.ok) {
    return fail(400, {
      toast: { title: "Validation Error", description: parsed.errors.join(", "), variant: "destructive" },
      errors: parsed.errors,
      submitted,
    });
  }
  try {
    const saved = await saveProduct(services, {
      id: intent === "update" ? (id as string) : undefined,
      values: parsed.values,
    });
    return redirectWithToast(
      back,
      {
        title: "Success",
        description: saved.created ? "Product created successfully." : "Product updated successfully.",
        variant: "default",
      },
      services.env,
    );
  } catch (error) {
    if (error instanceof AppError) {
      return fail(error.status, { toast: errorToast(error.message), errors: [error.message], submitted });
    }
    services.logger.error({ err: error }, "save product failed");
    return fail(500, { toast: errorToast("Failed to save product."), submitted });
  }
}

const errorToast = (description: string): ToastInput => ({ title: "Error", description, variant: "destructive" });

const withParam = (href: string, param: string) => `${href}${href.includes("?") ? "&" : "?"}${param}`;

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { products, total, archived, archivedProducts, page, pages, limits, form, editing, placeholders } = loaderData;
  // Opening, cancelling and editing keep the admin on the page of the list they were on.
  const list = pageHref("/admin", page);

  useEffect(() => {
    if (actionData?.toast) showToast(actionData.toast);
  }, [actionData]);

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
            className="btn-primary"
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
              submitted={actionData?.submitted}
              errors={actionData?.errors}
            />
          ) : null}
        </div>

        {products.length === 0 ? (
          <p className="card p-8 text-center text-muted">No products yet. Use Add Product to create the first one.</p>
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
                <li key={product.id} className="card flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <h3 className="font-sans text-lg font-semibold">{product.title}</h3>
                    <p className="text-sm text-muted">
                      {formatPrice(product.priceCents)} · archived {product.archivedOn}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="id" value={product.id} />
                    <button type="submit" className="btn-outline" aria-label={`Restore ${product.title}`}>
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
