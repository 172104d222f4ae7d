import { data, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { FaqList } from "~/components/ui/faq-list";
import { Pagination } from "~/components/ui/pagination";
import { showToast } from "~/components/ui/toast";
import { getSessionUser } from "~/features/accounts/get-session-user.server";
import { getShopState } from "~/features/shop/get-shop-state.server";
import { listProducts } from "~/features/shop/list-products.server";
import { addedToCart, SUBSCRIPTION_ID, shopMessages } from "~/features/shop/model";
import type { ProductView } from "~/features/shop/product-view";
import { toProductView } from "~/features/shop/to-product-view.server";
import { useCart } from "~/features/shop/ui/cart-provider";
import { ProductCard } from "~/features/shop/ui/product-card";
import { downloadUrl, startDownload } from "~/features/shop/ui/start-download";
import { usePurchase } from "~/features/shop/ui/use-purchase";
import { siteFrom } from "~/features/site-settings/use-site";
import { LoadFailure } from "~/layout/load-failure";
import { PageHero } from "~/layout/page-hero";
import { servicesContext } from "~/lib/context";
import { formatPrice } from "~/lib/format-price";
import { INVALID_PAGE_MESSAGE, pageCount, pageHref, pageWindow, parsePageParam } from "~/lib/pagination";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/products";

/** Products per page of the library: a grid of 3, 2 or 1 columns fills evenly. */
const PRODUCTS_PER_PAGE = 24;

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = parsePageParam(new URL(request.url).searchParams.get("page"));
  if (page === null) return data({ invalidPage: INVALID_PAGE_MESSAGE } as const, { status: 400 });
  const services = context.get(servicesContext);
  const { db } = services.database;
  const account = await getSessionUser(request, services);
  const [listed, shop] = await Promise.all([
    // The membership plan has its own card at the top of page 1, so it is not one of the grid's products.
    listProducts(db, { ...pageWindow(page, PRODUCTS_PER_PAGE), pinnedIds: [SUBSCRIPTION_ID] }),
    getShopState(services, account),
  ]);
  const pages = pageCount(listed.total, PRODUCTS_PER_PAGE);
  if (page > pages) throw data(null, { status: 404 });
  const plan = listed.pinned[0];
  return {
    plan: plan ? toProductView(plan) : null,
    products: listed.rows.map(toProductView),
    shop,
    page,
    pageCount: pages,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: "Sacred Digital Library",
    description: "Digital guides, video courses and audio for your wellbeing, and the Digital Access membership.",
    // Each page of the library is its own canonical page, so search engines reach every product.
    path: pageHref("/products", loaderData && "page" in loaderData ? loaderData.page : 1),
    origin: originFrom(matches),
    site: siteFrom(matches),
  });

const faq = [
  ["How long can I keep my purchased files?", "Forever. Once purchased, your files are yours to keep."],
  [
    "How do I pay?",
    "We accept all major credit and debit cards through our secure card payment provider. You never share your card details with us.",
  ],
  [
    "Can I get a refund?",
    "Digital products cannot be refunded once the files have been downloaded, as you agree at checkout.",
  ],
  [
    "How do I receive my downloads?",
    "Your receipt e-mail links to your account, and every purchase is always available in My Sacred Downloads.",
  ],
] as const;

export default function Products({ loaderData }: Route.ComponentProps) {
  if ("invalidPage" in loaderData) return <InvalidPage message={loaderData.invalidPage} />;
  return <Library {...loaderData} />;
}

function InvalidPage({ message }: { message: string }) {
  return (
    <>
      <PageHero eyebrow="Products" title="Sacred Digital Library" />
      <section className="mx-auto max-w-2xl px-4 pb-20 text-center sm:px-6">
        <p className="text-lg text-muted">{message}</p>
        <Link to="/products" className={buttonClass("primary", "mt-6")}>
          Browse Products
        </Link>
      </section>
    </>
  );
}

function Library({
  plan,
  products,
  shop,
  page,
  pageCount,
}: Exclude<Route.ComponentProps["loaderData"], { invalidPage: string }>) {
  const cart = useCart();
  const purchase = usePurchase({ signedIn: shop.signedIn, checkoutHosts: shop.checkoutHosts });
  const owned = new Set(shop.owned);
  const addToCart = (p: ProductView) => {
    cart.add({
      id: p.id,
      title: p.title,
      price_cents: p.price_cents,
      product_type: p.product_type,
      image_url: p.image_url,
    });
    showToast(addedToCart(p.title));
  };

  return (
    <>
      <PageHero
        eyebrow="Products"
        title="Sacred Digital Library"
        intro="Digital guides, video courses and audio for relaxation, reflection and wellbeing."
      />
      <div className="mx-auto max-w-7xl px-4 pb-20 sm:px-6">
        {plan ? (
          <section
            aria-labelledby="plan-title"
            className={cardClass("mb-12 grid gap-6 overflow-hidden p-6 sm:p-8 md:grid-cols-[1fr_auto] md:items-center")}
          >
            <div>
              <p className="text-sm font-semibold tracking-widest text-gold-700 uppercase">Monthly membership</p>
              <h2 id="plan-title" className="mt-1 text-3xl">
                {plan.title}
              </h2>
              <p className="mt-3 max-w-2xl text-muted">{plan.short_description}</p>
              <ul className="mt-4 grid gap-1 text-sm text-plum-800 sm:grid-cols-3">
                {plan.features.map((f) => (
                  <li key={f}>✓ {f}</li>
                ))}
              </ul>
            </div>
            <div className="text-center md:text-right">
              <p className="font-serif text-4xl text-plum-900">
                {formatPrice(plan.price_cents)}
                <span className="text-base text-muted"> / month</span>
              </p>
              {shop.member ? (
                <Link to="/my-purchases" className={buttonClass("secondary", "mt-4")}>
                  You are a member
                </Link>
              ) : (
                <button
                  type="button"
                  className={buttonClass("accent", "mt-4")}
                  onClick={() => purchase.buy({ ...plan, price_cents: plan.price_cents })}
                >
                  Subscribe for {formatPrice(plan.price_cents)}
                </button>
              )}
              <p className="mt-2 text-sm">
                <Link to={`/product/${plan.id}`} className="text-plum-700 underline">
                  View Details
                </Link>
              </p>
            </div>
          </section>
        ) : null}

        {products.length === 0 ? (
          <section className="py-16 text-center">
            <h2 className="text-3xl">Sacred Content Coming Soon</h2>
            <p className="mt-3 text-muted">New guides and courses are being prepared. Please check back soon.</p>
          </section>
        ) : (
          <section aria-label="Products">
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {products.map((p) => (
                <ProductCard
                  key={p.id}
                  product={p}
                  owned={owned.has(p.id)}
                  member={shop.member}
                  onBuy={() => purchase.buy(p)}
                  onAddToCart={() => addToCart(p)}
                  onDownload={() => startDownload(downloadUrl(p.id))}
                />
              ))}
            </div>
            <Pagination path="/products" page={page} pageCount={pageCount} label="Product pages" />
          </section>
        )}

        {!shop.signedIn ? (
          <section className="mt-16 rounded-2xl bg-plum-800 p-8 text-center text-white">
            <h2 className="text-2xl text-white">Create your free account</h2>
            <p className="mx-auto mt-2 max-w-xl text-plum-100">
              Sign up to buy, claim the free guides, and keep every download in one place.
            </p>
            <Link to="/auth?mode=signup" className={buttonClass("accent", "mt-6")}>
              Sign Up
            </Link>
          </section>
        ) : null}

        <section aria-labelledby="faq-title" className="mx-auto mt-16 max-w-3xl">
          <h2 id="faq-title" className="text-center text-3xl">
            Frequently Asked Questions
          </h2>
          <div className="mt-6">
            <FaqList items={faq.map(([question, answer]) => ({ question, answer }))} />
          </div>
        </section>
      </div>
      {purchase.dialog}
    </>
  );
}

/** Spec §8: the data did not load (an outage, a lost request): the frame, the 'Error' toast and a Retry. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadFailure error={error} heading="Sacred Digital Library" message={shopMessages.productsLoadFailed} />;
}
