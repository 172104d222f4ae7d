import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("products", "routes/products.tsx"),
  route("product/:productId", "routes/product.tsx"),
  route("app", "routes/app-redirect.tsx"),
  route("reiki", "routes/reiki.tsx"),
  route("zyto", "routes/zyto.tsx"),
  route("aromatherapy", "routes/aromatherapy.tsx"),
  route("music", "routes/music.tsx"),
  route("media-events", "routes/media-events.tsx"),
  route("contact", "routes/contact.tsx"),
  route("auth", "routes/auth.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("cookie-policy", "routes/cookie-policy.tsx"),
  route("refund", "routes/refund.tsx"),
  route("disclaimer", "routes/disclaimer.tsx"),
  route("my-purchases", "routes/my-purchases.tsx"),
  route("admin", "routes/admin.tsx"),
  // Old addresses of the product library.
  route("stories", "routes/to-products.tsx", { id: "stories" }),
  route("healing-guides", "routes/to-products.tsx", { id: "healing-guides" }),
  route("courses", "routes/to-products.tsx", { id: "courses" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
