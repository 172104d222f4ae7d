import { Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { showToast } from "~/components/ui/toast";
import { getSessionUser } from "~/features/accounts/get-session-user.server";
import { useCart } from "~/features/cart/cart-provider";
import { listProducts } from "~/features/catalogue/list-products.server";
import { ProductCard } from "~/features/catalogue/product-card";
import { SUBSCRIPTION_ID } from "~/features/catalogue/product-labels";
import type { ProductView } from "~/features/catalogue/product-view";
import { toProductView } from "~/features/catalogue/to-product-view.server";
import { getShopState } from "~/features/checkout/get-shop-state.server";
import { usePurchase } from "~/features/checkout/use-purchase";
import { downloadUrl, startDownload } from "~/features/downloads/start-download";
import { servicesContext } from "~/lib/context";
import { formatPrice } from "~/lib/format-price";
import { originFrom, pageMeta } from "~/lib/seo";
import { addedToCart } from "~/lib/shop-messages";
import type { Route } from "./+types/products";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const account = await getSessionUser(request, services);
  const [rows, shop] = await Promise.all([listProducts(services.database.db), getShopState(services, account)]);
  const all = rows.map(toProductView);
  return {
    plan: all.find((p) => p.id === SUBSCRIPTION_ID) ?? null,
    products: all.filter((p) => p.id !== SUBSCRIPTION_ID),
    shop,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Sacred Digital Library",
    description: "Digital guides, video courses and audio for your wellbeing, and the Digital Access membership.",
    path: "/products",
    origin: originFrom(matches),
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
  const { plan, products, shop } = loaderData;
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
            className="card mb-12 grid gap-6 overflow-hidden p-6 sm:p-8 md:grid-cols-[1fr_auto] md:items-center"
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
                <Link to="/my-purchases" className="btn-outline mt-4">
                  You are a member
                </Link>
              ) : (
                <button
                  type="button"
                  className="btn-gold mt-4"
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
                  onBuy={() => purchase.buy(p)}
                  onAddToCart={() => addToCart(p)}
                  onDownload={() => startDownload(downloadUrl(p.id))}
                />
              ))}
            </div>
          </section>
        )}

        {!shop.signedIn ? (
          <section className="mt-16 rounded-2xl bg-plum-800 p-8 text-center text-white">
            <h2 className="text-2xl text-white">Create your free account</h2>
            <p className="mx-auto mt-2 max-w-xl text-plum-100">
              Sign up to buy, claim the free guides, and keep every download in one place.
            </p>
            <Link to="/auth?mode=signup" className="btn-gold mt-6">
              Sign Up
            </Link>
          </section>
        ) : null}

        <section aria-labelledby="faq-title" className="mx-auto mt-16 max-w-3xl">
          <h2 id="faq-title" className="text-center text-3xl">
            Frequently Asked Questions
          </h2>
          <div className="mt-6 space-y-3">
            {faq.map(([q, a]) => (
              <details key={q} className="card p-5">
                <summary className="cursor-pointer font-semibold text-plum-900">{q}</summary>
                <p className="mt-2 text-muted">{a}</p>
              </details>
            ))}
          </div>
        </section>
      </div>
      {purchase.dialog}
    </>
  );
}
