/**
 * Every fact of the shop, once: what can be sold, the states a purchase moves through, who takes the
 * money, which files the shop handles, its limits, and the messages of spec §8. Shared by the browser
 * and the server, so it holds no I/O. The database columns take their allowed values from here
 * (`app/lib/db/schema.server.ts`), so a row's type and these lists cannot disagree. Their schemas for
 * requests (a product id, a checkout line) are in schemas.ts, so a page that parses nothing loads no zod.
 */

// ---------------------------------------------------------------- what is sold

/** Spec §3 product_type, plus the membership plan's own type. */
export const PRODUCT_TYPES = ["digital_guide", "video_course", "audio", "subscription"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
/** The types an admin can give a product (the plan is one product of its own). */
export const EDITABLE_PRODUCT_TYPES = ["digital_guide", "video_course", "audio"] as const;
export type EditableProductType = (typeof EDITABLE_PRODUCT_TYPES)[number];

/** Spec §3: the product with this id is the monthly Digital Access plan. */
export const SUBSCRIPTION_ID = "subscription";
export const MEMBERSHIP_TIER = "Digital Access";

/** The few fields the shop's rules read, under either naming (database row or browser view). */
export type PricedProduct = { id: string; priceCents: number };

export const isPlan = (product: { id: string }): boolean => product.id === SUBSCRIPTION_ID;

/** A product anyone signed in may take at no cost (spec §2 'Download Free' / 'Access Free'). */
export function isFree(product: PricedProduct): boolean {
  return product.priceCents === 0 && !isPlan(product);
}

export const isGuide = (productType: string): boolean => productType === "digital_guide";

/**
 * Whether a product can be bought: a paid product needs its file first (the buyer would get
 * nothing); the plan has none, and a free product is claimed rather than bought.
 */
export function isForSale(product: PricedProduct & { hasFile: boolean }): boolean {
  return isPlan(product) || product.priceCents === 0 || product.hasFile;
}

/** Spec §6: a Digital Access member downloads any digital guide free, so it is never charged to them. */
export function includedInMembership(productType: string, member: boolean): boolean {
  return member && isGuide(productType);
}

// ---------------------------------------------------------------- purchases

/**
 * A purchase is `pending` while its checkout is open, `paid` once the provider says so (the only
 * status buyers see), `failed` when an asynchronous payment fails, `cancelled` when the buyer
 * abandons the demo checkout, `expired` when the checkout was left open too long (a payment that
 * still arrives is checked and fulfilled or refunded), and `refunded` when the money went back
 * in full (access ends).
 */
export const PURCHASE_STATUSES = ["pending", "paid", "failed", "cancelled", "expired", "refunded"] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** A checkout's statuses in which a confirmed payment may still turn it paid. */
export const PAYABLE_STATUSES = ["pending", "failed", "expired"] as const satisfies readonly PurchaseStatus[];

/**
 * What a line of an order is (decision 040): a catalogue product, the membership plan, a booked
 * session, or a package of sessions. The shop sells the last two through their kind's contract
 * (`line-kinds.server.ts`), without knowing what a session is.
 */
export const LINE_KINDS = ["product", "membership", "session", "package", "voucher"] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** What one line of a purchase charged, as it was charged (prices change; receipts must not). */
export type PurchaseLine = {
  productId: string;
  title: string;
  /** What the line charged, after its share of any discount code (decision 033). */
  unitAmountCents: number;
  /** That share, in pence; absent or 0 when no code was used. */
  discountCents?: number;
};

/** The owner's note on a product she gives by hand (a £0.00 order). */
export const GRANT_NOTE_MAX = 200;

/** Why money goes back: an admin's refund, or a payment for something the buyer could not be given. */
export const REFUND_REASONS = [
  "admin",
  "already_owned",
  "unavailable",
  // Booking: the client cancelled, the practitioner cancelled, or a payment came for a slot no longer free.
  "booking_cancelled",
  "practitioner_cancelled",
  "slot_taken",
  // A package ended early by the client (its unused credits), and money the provider says went back
  // without us (a refund in the Stripe Dashboard, a lost dispute).
  "package_ended",
  "external",
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
/** A refund is recorded `pending` with the sale's transaction, then sent to the provider. */
export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Who took the money: Stripe, the demo provider, nobody (a free claim), or a gift voucher alone (an
 * order a voucher paid in full: nothing was charged to a card; decision 048).
 */
export const PAYMENT_PROVIDERS = ["stripe", "demo", "free", "voucher"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** How a download was allowed, as the download log records it. */
export const ACCESS_GRANTS = ["purchase", "membership", "free"] as const;
export type AccessGrant = (typeof ACCESS_GRANTS)[number];

/** UK Consumer Contracts Regulations 2013, reg. 37: the buyer's express request and acknowledgement. */
export const CONSENT_WORDING =
  "I want immediate access to this digital content and I understand that I lose my 14-day right to cancel once the download starts";

// ---------------------------------------------------------------- limits (spec §5, §9)

export const LIMITS = {
  productIdLength: 100,
  productTitleLength: 500,
  /** price_cents from 0 to 1,000,000 (£10,000.00). */
  maxPriceCents: 1_000_000,
  /** Lines in one checkout; a cart longer than this is refused whole. */
  maxCheckoutLines: 50,
  /** How long a checkout stays open; Stripe's minimum is 30 minutes. */
  checkoutTtlMinutes: 60,
  /** Open checkouts one account may hold; a new one closes the oldest beyond this. */
  maxOpenCheckouts: 5,
} as const;

// ---------------------------------------------------------------- files

/**
 * Every file type the shop stores or serves, by the extension of its storage key: what it is sent
 * as, and how a page may present it. Upload rules (`upload-rules.ts`) and downloads derive from it.
 */
export const MEDIA_TYPES = {
  pdf: { mime: "application/pdf", family: "document", folder: "pdfs" },
  mp3: { mime: "audio/mpeg", family: "audio", folder: "audios" },
  m4a: { mime: "audio/mp4", family: "audio", folder: "audios" },
  ogg: { mime: "audio/ogg", family: "audio", folder: "audios" },
  wav: { mime: "audio/wav", family: "audio", folder: "audios" },
  mp4: { mime: "video/mp4", family: "video", folder: "videos" },
  webm: { mime: "video/webm", family: "video", folder: "videos" },
  webp: { mime: "image/webp", family: "image", folder: "covers" },
} as const satisfies Record<string, { mime: string; family: MediaFamily; folder: string }>;
export type MediaFamily = "document" | "audio" | "video" | "image";
export type MediaExtension = keyof typeof MEDIA_TYPES;

/** The media type of a stored file, from its key's extension; undefined for anything else. */
export function mediaTypeOf(key: string | null | undefined) {
  const ext = key?.split(".").pop()?.toLowerCase() ?? "";
  return Object.hasOwn(MEDIA_TYPES, ext)
    ? { ext: ext as MediaExtension, ...MEDIA_TYPES[ext as MediaExtension] }
    : undefined;
}

/**
 * What an admin uploads: a product's main file, a PDF attachment, a cover image, or a gallery photo
 * (decision 031: re-encoded to a thumbnail and a lightbox size, stored under `gallery/`), a song, or
 * one of her pictures for the site (decision 051: kept whole, sized when she places it).
 */
export const UPLOAD_KINDS = ["file", "attachment", "image", "photo", "song", "picture"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

// ---------------------------------------------------------------- messages (spec §8)

export type Message = { title: string; description: string };

/** Every shop toast and message of spec §8, copied exactly. */
export const shopMessages = {
  productsLoadFailed: { title: "Error", description: "Failed to load products. Please try again later." },
  productLoadFailed: { title: "Error", description: "Failed to load product" },
  securityError: { title: "Security Error", description: "Invalid product data detected" },
  paymentError: { title: "Payment Error", description: "Failed to process payment. Please try again." },
  subscriptionError: { title: "Subscription Error", description: "Failed to create subscription. Please try again." },
  notLoggedIn: { title: "Please Log In", description: "You need to log in to access your membership benefits." },
  purchaseRequired: {
    title: "Purchase Required",
    description: "You need to purchase this product or have an active membership to download it.",
  },
  noFile: { title: "Download Error", description: "Download URL not available" },
  downloadFailed: { title: "Download Error", description: "Failed to start download. Please try again." },
  loginRequired: { title: "Login Required", description: "Please log in to purchase this product." },
  downloadStarted: { title: "Download Started", description: "Your download has started. Thank you!" },
  purchasesNoLink: { title: "Download Unavailable", description: "This product doesn't have a download link yet" },
  purchasesLoadFailed: { title: "Error", description: "Failed to load your purchases" },
} as const satisfies Record<string, Message>;

export const paymentInnerMessages = {
  failed: "Payment processing failed",
  invalidUrl: "Invalid payment URL received",
  noUrl: "No payment URL received",
} as const;

export const subscriptionInnerMessages = {
  failed: "Subscription setup failed",
  invalidConfig: "Invalid subscription configuration",
  invalidUrl: "Invalid subscription URL received",
  noUrl: "No subscription URL received",
} as const;

/** Our own messages where the spec is silent, in its voice. */
export const checkoutMessages = {
  consentMissing: "Please confirm you want immediate access to the digital content.",
  invalidRequest: "Invalid checkout request",
  unavailable: "A product in your cart is no longer available",
  planAlone: "Digital Access is bought on its own",
  alreadyMember: "You already have Digital Access",
  includedInMembership: "Your Digital Access membership already includes these guides: download them free",
  alreadyOwned: "You already own these products",
  allFree: "These products are free: use Download Free on each product",
  notFree: "This product is not free",
  productNotFound: "Product not found",
  noFile: (title: string) => `${title} is not available to buy yet: its file is still being prepared.`,
  priceChanged: (title: string, price: string) =>
    `The price of ${title} has changed to ${price}. Please check your order and try again.`,
  checkoutClosed: "This checkout has closed. Nothing was charged.",
  checkoutStale: "You already have everything in this checkout, or it is no longer for sale. Nothing was charged.",
} as const;

/** Passing: opening the cart, which shows the line, takes it away (on a phone it covered the line). */
export const addedToCart = (title: string): Message & { passing: true } => ({
  title: "Added to Cart",
  description: `${title} has been added to your cart.`,
  passing: true,
});

export const downloadingTitle = (title: string): Message => ({
  title: "Download Started",
  description: `Downloading ${title}`,
});
