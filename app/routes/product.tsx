import { data, Link, useRouteLoaderData } from "react-router";
import { useNonce } from "~/components/nonce";
import { showToast } from "~/components/ui/toast";
import { getSessionUser } from "~/features/accounts/get-session-user.server";
import { useCart } from "~/features/cart/cart-provider";
import { CoverImage } from "~/features/catalogue/cover-image";
import { getProduct } from "~/features/catalogue/get-product.server";
import { buyLabel, categories, SUBSCRIPTION_ID, typeBadge } from "~/features/catalogue/product-labels";
import { toProductView } from "~/features/catalogue/to-product-view.server";
import { getShopState } from "~/features/checkout/get-shop-state.server";
import { usePurchase } from "~/features/checkout/use-purchase";
import { downloadUrl, startDownload } from "~/features/downloads/start-download";
import { checkAccess } from "~/features/entitlements/check-access.server";
import { servicesContext } from "~/lib/context";
import { formatPrice } from "~/lib/format-price";
import { originFrom, pageMeta } from "~/lib/seo";
import { addedToCart, shopMessages } from "~/lib/shop-messages";
import type { Route } from "./+types/product";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const row = await getProduct(services.database.db, params.productId);
  if (!row) return data({ product: null, shop: null, access: null, videoUrl: null }, { status: 404 });
  const account = await getSessionUser(request, services);
  const [shop, access] = await Promise.all([
    getShopState(services, account),
    checkAccess(services.database.db, account, row),
  ]);
  const entitled = access.allowed && row.id !== SUBSCRIPTION_ID;
  return {
    product: toProductView(row),
    shop,
    access: access.allowed ? access.grant : null,
    // A course's video is part of what is sold: only entitled users get its address.
    videoUrl: entitled ? row.videoUrl : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const origin = originFrom(matches);
  const product = loaderData?.product;
  if (!product) {
    return [
      ...pageMeta({
        title: "Product Not Found",
        description: "This product does not exist.",
        path: "/products",
        origin,
      }),
      { name: "robots", content: "noindex" },
    ];
  }
  const price = (product.price_cents / 100).toFixed(2);
  return [
    ...pageMeta({
      title: product.title,
      description: product.short_description || product.description.slice(0, 160),
      path: `/product/${product.id}`,
      origin,
      image: product.image_url ?? undefined,
      type: "product",
    }),
    { property: "product:price:amount", content: price },
    { property: "product:price:currency", content: "GBP" },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
  ];
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, shop, access, videoUrl } = loaderData;
  const nonce = useNonce();
  const origin = (useRouteLoaderData("root") as { publicUrl?: string } | undefined)?.publicUrl ?? "";
  const cart = useCart();
  const purchase = usePurchase({ signedIn: shop?.signedIn ?? false, checkoutHosts: shop?.checkoutHosts ?? [] });
  if (!product || !shop) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-3xl">Product Not Found</h1>
        <p className="mt-3 text-muted">This product may have been removed or the link is incorrect.</p>
        <Link to="/products" className="btn-primary mt-8">
          Browse All Products
        </Link>
      </section>
    );
  }

  const isPlan = product.id === SUBSCRIPTION_ID;
  const purchased = shop.owned.includes(product.id);
  const entitled = access !== null && !isPlan;
  const price = formatPrice(product.price_cents);
  const cartProduct = {
    id: product.id,
    title: product.title,
    price_cents: product.price_cents,
    product_type: product.product_type,
    image_url: product.image_url,
  };
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: product.short_description || product.description,
    sku: product.id,
    category: product.category ?? undefined,
    image: product.image_url ? [`${origin}${product.image_url}`] : undefined,
    offers: {
      "@type": "Offer",
      price: (product.price_cents / 100).toFixed(2),
      priceCurrency: "GBP",
      availability: "https://schema.org/InStock",
      url: `${origin}/product/${product.id}`,
    },
  };

  const goToAuth = () => purchase.requireSignIn();
  const downloadButton = (label: string) => (
    <button
      type="button"
      className="btn-primary w-full"
      disabled={!product.has_download}
      onClick={() => startDownload(downloadUrl(product.id))}
    >
      {label}
    </button>
  );

  let panel: React.ReactNode;
  if (!shop.signedIn) {
    panel = (
      <>
        <button type="button" className="btn-primary w-full" onClick={goToAuth}>
          Login to Purchase - {price}
        </button>
        <p className="text-center text-sm text-muted">
          New here?{" "}
          <button type="button" className="font-semibold text-plum-700 underline" onClick={goToAuth}>
            Sign up
          </button>
        </p>
      </>
    );
  } else if (isPlan) {
    panel = shop.member ? (
      <Link to="/my-purchases" className="btn-outline w-full">
        You are a member - Manage membership
      </Link>
    ) : (
      <button type="button" className="btn-gold w-full" onClick={() => purchase.buy(cartProduct)}>
        Subscribe for {price}
      </button>
    );
  } else if (purchased) {
    panel = downloadButton("Purchased - Download Available");
  } else if (access === "membership") {
    panel = downloadButton("Member Benefits - Free Download");
  } else if (product.price_cents === 0) {
    panel = (
      <button
        type="button"
        className="btn-primary w-full"
        disabled={!product.has_download}
        onClick={() => purchase.buy(cartProduct)}
      >
        {buyLabel(product)}
      </button>
    );
  } else {
    panel = (
      <>
        <button type="button" className="btn-primary w-full" onClick={() => purchase.buy(cartProduct)}>
          Download Now and Begin Your Inner Healing
        </button>
        <button
          type="button"
          className="btn-outline w-full"
          onClick={() => {
            cart.add(cartProduct);
            showToast(addedToCart(product.title));
          }}
        >
          Add to Sacred Collection
        </button>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <script
        type="application/ld+json"
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD; "<" is escaped so it cannot close the tag
        dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }}
      />
      <Link to="/products" className="text-sm font-semibold text-plum-700 hover:underline">
        ← Back to Products
      </Link>
      {/* On a phone the price and buy panel follow the title; on a wide screen it is the side column. */}
      <div className="mt-6 grid gap-8 lg:grid-cols-[3fr_2fr] lg:gap-x-10 lg:gap-y-6">
        <div className="lg:col-start-1">
          {product.image_url ? (
            <CoverImage src={product.image_url} className="aspect-[1200/630] w-full rounded-2xl object-cover" />
          ) : null}
          <div className="mt-6 flex flex-wrap gap-2">
            <span className="rounded-full bg-plum-100 px-3 py-1 text-xs font-semibold text-plum-800">
              {isPlan ? "Membership" : typeBadge(product.product_type)}
            </span>
            {product.is_featured ? (
              <span className="rounded-full bg-gold-500 px-3 py-1 text-xs font-semibold text-plum-900">Featured</span>
            ) : null}
          </div>
          <h1 className="mt-3 text-4xl">{product.title}</h1>
          <p className="mt-3 text-lg text-muted">{product.short_description}</p>
          {product.category ? (
            <p className="mt-3 text-sm text-plum-700">Category: {categories(product.category).join(", ")}</p>
          ) : null}
        </div>

        <aside className="lg:sticky lg:top-28 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <div className="card grid gap-4 p-6">
            <p className="font-serif text-4xl text-plum-900">
              {price}
              {isPlan ? <span className="text-base text-muted"> / month</span> : null}
            </p>
            {product.duration_minutes ? <p className="text-sm text-muted">{product.duration_minutes} min</p> : null}
            {panel}
            {!product.has_download && !isPlan ? (
              <p className="text-sm text-muted">The file for this product is being prepared.</p>
            ) : null}
          </div>
        </aside>

        <div className="lg:col-start-1">
          <p className="leading-relaxed">{product.description}</p>

          {product.features.length > 0 ? (
            <section className="mt-8">
              <h2 className="text-2xl">Key Features</h2>
              <ul className="mt-3 space-y-2">
                {product.features.map((f) => (
                  <li key={f} className="flex gap-2">
                    <span aria-hidden="true" className="text-gold-700">
                      ✦
                    </span>
                    {f}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {videoUrl ? (
            <section className="mt-8">
              <h2 className="text-2xl">Your Course Video</h2>
              <iframe
                src={videoUrl}
                title={`${product.title} video`}
                className="mt-3 aspect-video w-full rounded-2xl"
                allow="encrypted-media; picture-in-picture"
                allowFullScreen
                loading="lazy"
              />
            </section>
          ) : null}

          {entitled && product.is_video_file ? (
            <section className="mt-8">
              <h2 className="text-2xl">Watch Now</h2>
              {/* biome-ignore lint/a11y/useMediaCaption: course videos are uploaded without a caption track (see docs/decisions) */}
              <video
                controls
                preload="metadata"
                className="mt-3 aspect-video w-full rounded-2xl bg-plum-900"
                src={`${downloadUrl(product.id)}?inline=1`}
              />
            </section>
          ) : null}

          {entitled && product.is_audio_file ? (
            <section className="mt-8">
              <h2 className="text-2xl">Listen Now</h2>
              {/* biome-ignore lint/a11y/useMediaCaption: a wordless tone meditation has nothing to caption */}
              <audio controls preload="metadata" className="mt-3 w-full" src={`${downloadUrl(product.id)}?inline=1`} />
            </section>
          ) : null}

          {product.attachment_count > 0 ? (
            <section className="mt-8">
              <h2 className="text-2xl">PDF Attachments</h2>
              {!entitled ? (
                <p className="mt-2 text-sm text-muted">
                  Purchase this product or become a member to unlock its attachments.
                </p>
              ) : null}
              <ul className="mt-3 flex flex-wrap gap-2">
                {Array.from({ length: product.attachment_count }, (_, i) => i + 1).map((n) => (
                  <li key={n}>
                    <a
                      href={downloadUrl(product.id, n)}
                      className="btn-outline"
                      aria-label={entitled ? `Attachment ${n}` : `Attachment ${n} (locked)`}
                      onClick={(event) => {
                        event.preventDefault();
                        if (!entitled) {
                          showToast({
                            ...(shop.signedIn ? shopMessages.purchaseRequired : shopMessages.notLoggedIn),
                            variant: "destructive",
                          });
                          return;
                        }
                        void startDownload(downloadUrl(product.id, n));
                      }}
                    >
                      {entitled ? null : (
                        <svg
                          aria-hidden="true"
                          viewBox="0 0 24 24"
                          className="size-4"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2"
                        >
                          <rect x="5" y="11" width="14" height="10" rx="2" />
                          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
                        </svg>
                      )}
                      Attachment {n}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
      {purchase.dialog}
    </div>
  );
}
