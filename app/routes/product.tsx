import { data, Link, useRouteLoaderData } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { showToast } from "~/components/ui/toast";
import { getSessionUser } from "~/features/accounts/get-session-user.server";
import { getAccessFacts } from "~/features/shop/check-access.server";
import { decideAccess } from "~/features/shop/decide-access";
import { decideOffer, isEntitled } from "~/features/shop/decide-offer";
import { getProduct } from "~/features/shop/get-product.server";
import { shopStateFromFacts } from "~/features/shop/get-shop-state.server";
import { isPlan, shopMessages } from "~/features/shop/model";
import { categories } from "~/features/shop/product-labels";
import { productIdSchema } from "~/features/shop/schemas";
import { toProductView } from "~/features/shop/to-product-view.server";
import { CoverImage } from "~/features/shop/ui/cover-image";
import { OfferPanel } from "~/features/shop/ui/offer-panel";
import { ProductBadges } from "~/features/shop/ui/product-badges";
import { downloadUrl, startDownload } from "~/features/shop/ui/start-download";
import { usePurchase } from "~/features/shop/ui/use-purchase";
import { LoadFailure } from "~/layout/load-failure";
import { servicesContext } from "~/lib/context";
import { formatPrice } from "~/lib/format-price";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/product";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const notFound = { product: null, shop: null, offer: null, entitled: false, videoUrl: null } as const;
  const id = productIdSchema.safeParse(params.productId);
  if (!id.success) return data(notFound, { status: 404 });
  const row = await getProduct(services.database.db, id.data);
  if (!row) return data(notFound, { status: 404 });
  // The visitor's facts are read once; the panel and the access rule are decided from the same ones.
  const facts = await getAccessFacts(services.database.db, await getSessionUser(request, services));
  const product = toProductView(row);
  const access = decideAccess(row, facts);
  const entitled = isEntitled(row, access);
  return {
    product,
    shop: shopStateFromFacts(services, facts),
    offer: decideOffer(product, access, facts.member),
    entitled,
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
  const { product, shop, offer, entitled, videoUrl } = loaderData;
  const origin = (useRouteLoaderData("root") as { publicUrl?: string } | undefined)?.publicUrl ?? "";
  const purchase = usePurchase({ signedIn: shop?.signedIn ?? false, checkoutHosts: shop?.checkoutHosts ?? [] });
  if (!product || !shop || !offer) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-3xl">Product Not Found</h1>
        <p className="mt-3 text-muted">This product may have been removed or the link is incorrect.</p>
        <Link to="/products" className={buttonClass("primary", "mt-8")}>
          Browse All Products
        </Link>
      </section>
    );
  }

  const plan = isPlan(product);
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

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <JsonLd data={jsonLd} />
      <Link to="/products" className="text-sm font-semibold text-plum-700 hover:underline">
        ← Back to Products
      </Link>
      {/* On a phone the price and buy panel follow the title; on a wide screen it is the side column. */}
      <div className="mt-6 grid gap-8 lg:grid-cols-[3fr_2fr] lg:gap-x-10 lg:gap-y-6">
        <div className="lg:col-start-1">
          {product.image_url ? (
            <CoverImage src={product.image_url} className="aspect-[1200/630] w-full rounded-2xl object-cover" />
          ) : null}
          <ProductBadges product={product} className="mt-6" />
          <h1 className="mt-3 text-4xl">{product.title}</h1>
          <p className="mt-3 text-lg text-muted">{product.short_description}</p>
          {product.category ? (
            <p className="mt-3 text-sm text-plum-700">Category: {categories(product.category).join(", ")}</p>
          ) : null}
        </div>

        <aside className="lg:sticky lg:top-28 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <div className={cardClass("grid gap-4 p-6")}>
            <p className="font-serif text-4xl text-plum-900">
              {price}
              {plan ? <span className="text-base text-muted"> / month</span> : null}
            </p>
            {product.duration_minutes ? <p className="text-sm text-muted">{product.duration_minutes} min</p> : null}
            <OfferPanel offer={offer} price={price} product={cartProduct} purchase={purchase} />
            {shop.member && product.product_type === "video_course" ? (
              <p className="text-sm text-muted" data-testid="membership-course-note">
                Your Digital Access membership covers the digital guides, not courses.
              </p>
            ) : null}
            {!product.has_download && !plan ? (
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
                      className={buttonClass("secondary")}
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

/** Spec §8: the data did not load (an outage, a lost request): the frame, the 'Error' toast and a Retry. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadFailure error={error} heading="Sacred Digital Library" message={shopMessages.productLoadFailed} />;
}
