/**
 * Every shop toast and message of spec §8, once. Titles and texts are copied exactly from the spec.
 */
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
} as const;

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

export const addedToCart = (title: string) => ({
  title: "Added to Cart",
  description: `${title} has been added to your cart.`,
});

export const downloadingTitle = (title: string) => ({ title: "Download Started", description: `Downloading ${title}` });
