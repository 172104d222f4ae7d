import { AlertDialog } from "radix-ui";
import { data, Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { showToast } from "~/components/ui/toast";
import { requireUser } from "~/features/accounts/get-session-user.server";
import { getMembership } from "~/features/shop/get-membership.server";
import { getPaymentProvider } from "~/features/shop/get-payment-provider.server";
import { listPurchases } from "~/features/shop/list-purchases.server";
import { downloadingTitle, isPlan, shopMessages } from "~/features/shop/model";
import { useRemoveOwned } from "~/features/shop/ui/cart-provider";
import { downloadUrl, startDownload } from "~/features/shop/ui/start-download";
import { siteFrom } from "~/features/site-settings/use-site";
import { LoadFailure } from "~/layout/load-failure";
import { PageHero } from "~/layout/page-hero";
import { servicesContext } from "~/lib/context";
import { formatLongDate } from "~/lib/format-date";
import { orderTotalText, refundedText } from "~/lib/order-total";
import { INVALID_PAGE_MESSAGE, pageCount, pageWindow, parsePageParam } from "~/lib/pagination";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/my-purchases";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "My Sacred Downloads",
    description: "Your purchases and downloads.",
    path: "/my-purchases",
    origin: originFrom(matches),
    site: siteFrom(matches),
  }),
  { name: "robots", content: "noindex" },
];

/** Orders per page of My Sacred Downloads. */
const PURCHASES_PER_PAGE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const account = await requireUser(request, services);
  const page = parsePageParam(new URL(request.url).searchParams.get("page"));
  if (page === null) return data({ invalidPage: INVALID_PAGE_MESSAGE } as const, { status: 400 });
  const [listed, membership] = await Promise.all([
    listPurchases(services.database.db, account.id, pageWindow(page, PURCHASES_PER_PAGE)),
    getMembership(services.database.db, account.email),
  ]);
  const pages = pageCount(listed.total, PURCHASES_PER_PAGE);
  if (page > pages) throw data(null, { status: 404 });
  return {
    purchases: listed.purchases.map((p) => ({
      ...p,
      date: formatLongDate(p.createdAt),
      refunded: refundedText(p.refundedCardCents, p.refundedVoucherCents),
    })),
    page,
    pageCount: pages,
    membership: {
      ...membership,
      endDate: membership.subscription_end ? formatLongDate(membership.subscription_end) : null,
    },
    demoMode: getPaymentProvider(services).name === "demo",
  };
}

const hero = (
  <PageHero
    title="My Sacred Downloads"
    intro="Everything you have bought, ready to download again whenever you like."
  />
);

export default function MyPurchases({ loaderData }: Route.ComponentProps) {
  useRemoveOwned("purchases" in loaderData ? loaderData.purchases.flatMap((p) => p.products.map((x) => x.id)) : []);
  if ("invalidPage" in loaderData) {
    return (
      <>
        {hero}
        <section className="mx-auto max-w-2xl px-4 pb-20 text-center sm:px-6">
          <p className="text-lg text-muted">{loaderData.invalidPage}</p>
          <Link to="/my-purchases" className={buttonClass("primary", "mt-6")}>
            Back to My Sacred Downloads
          </Link>
        </section>
      </>
    );
  }
  const { purchases, membership, demoMode, page, pageCount } = loaderData;
  return (
    <>
      {hero}
      <div className="mx-auto max-w-4xl px-4 pb-20 sm:px-6">
        <section aria-labelledby="membership-title" className={cardClass("mb-8 p-6")}>
          <h2 id="membership-title" className="text-2xl">
            Digital Access membership
          </h2>
          {membership.subscribed ? (
            <>
              <p className="mt-2 text-muted" data-testid="membership-status">
                {membership.cancel_at_period_end
                  ? `Active until ${membership.endDate}; it will not renew.`
                  : `Active${membership.endDate ? `, renews on ${membership.endDate}` : ""}. Every digital guide is free to download.`}
              </p>
              {!demoMode ? (
                <Form method="post" action="/membership/manage" className="mt-4">
                  <button type="submit" className={buttonClass("secondary")}>
                    Manage membership
                  </button>
                </Form>
              ) : membership.cancel_at_period_end ? (
                <Form method="post" action="/membership/manage" className="mt-4">
                  <input type="hidden" name="intent" value="resume" />
                  <button type="submit" className={buttonClass("secondary")}>
                    Resume membership
                  </button>
                </Form>
              ) : (
                <CancelMembershipDialog endDate={membership.endDate} />
              )}
            </>
          ) : (
            <>
              <p className="mt-2 text-muted" data-testid="membership-status">
                You are not a member. Digital Access gives you every digital guide free each month.
              </p>
              <Link to="/product/subscription" className={buttonClass("accent", "mt-4")}>
                Explore Digital Access
              </Link>
            </>
          )}
        </section>

        {purchases.length === 0 ? (
          <section className="py-12 text-center">
            <h2 className="text-3xl">No Purchases Yet</h2>
            <p className="mt-3 text-muted">Your sacred library is waiting to be filled.</p>
            <Link to="/products" className={buttonClass("primary", "mt-6")}>
              Browse Products
            </Link>
          </section>
        ) : (
          <ol className="space-y-6" aria-label="Purchases">
            {purchases.map((purchase) => (
              <li key={purchase.id} className={cardClass("p-6")}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="font-sans text-lg font-semibold">{`Order #${purchase.id.slice(0, 8)}`}</h2>
                  <p className="text-sm text-muted">{purchase.date}</p>
                </div>
                <p className="mt-1 text-plum-900">
                  Total:{" "}
                  <span className="font-semibold">{orderTotalText(purchase.cardCents, purchase.voucherCents)}</span>
                </p>
                {purchase.refunded ? <p className="text-sm text-muted">{purchase.refunded}</p> : null}
                <ul className="mt-4 divide-y divide-plum-100">
                  {purchase.products.map((product) => (
                    <li key={product.id} className="py-3">
                      <div className="flex flex-wrap items-center justify-between gap-3">
                        <span className="font-medium">{product.title}</span>
                        {isPlan(product) ? (
                          <span className="text-sm text-muted">Membership</span>
                        ) : (
                          <div className="flex flex-wrap gap-2">
                            <button
                              type="button"
                              className={buttonClass("primary")}
                              aria-label={`Download ${product.title}`}
                              onClick={() => {
                                if (!product.hasDownload) {
                                  showToast({ ...shopMessages.purchasesNoLink, variant: "destructive" });
                                  return;
                                }
                                void startDownload(downloadUrl(product.id), downloadingTitle(product.title));
                              }}
                            >
                              Download
                            </button>
                            {Array.from({ length: product.attachmentCount }, (_, i) => i + 1).map((n) => (
                              <button
                                key={n}
                                type="button"
                                className={buttonClass("secondary")}
                                aria-label={`${product.title}: Attachment ${n}`}
                                onClick={() =>
                                  startDownload(
                                    downloadUrl(product.id, n),
                                    downloadingTitle(`${product.title}: Attachment ${n}`),
                                  )
                                }
                              >
                                Attachment {n}
                              </button>
                            ))}
                          </div>
                        )}
                      </div>
                      {product.isAudio ? (
                        // biome-ignore lint/a11y/useMediaCaption: a wordless tone meditation has nothing to caption
                        <audio
                          controls
                          preload="none"
                          className="mt-3 w-full"
                          src={`${downloadUrl(product.id)}?inline=1`}
                        />
                      ) : null}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
        <Pagination path="/my-purchases" page={page} pageCount={pageCount} label="Purchase pages" />
      </div>
    </>
  );
}

/** Demo 'cancel at period end': asks first, and says until when access lasts. */
function CancelMembershipDialog({ endDate }: { endDate: string | null }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger className={buttonClass("secondary", "mt-4")}>
        Manage membership: cancel at period end
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-plum-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="font-serif text-2xl text-plum-900">Cancel your membership?</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-muted">
            {`Your Digital Access continues until ${endDate ?? "the end of the paid period"}, then it ends and will not renew. You can resume it until then.`}
          </AlertDialog.Description>
          <Form method="post" action="/membership/manage" className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClass("secondary")}>Keep membership</AlertDialog.Cancel>
            <button type="submit" className={buttonClass("danger")}>
              Cancel membership
            </button>
          </Form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** Spec §8: the data did not load (an outage, a lost request): the frame, the 'Error' toast and a Retry. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadFailure error={error} heading="My Sacred Downloads" message={shopMessages.purchasesLoadFailed} />;
}
