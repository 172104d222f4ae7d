/** The top navigation, in the spec's order. */
export const mainNav = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/products", label: "Products" },
  { to: "/app", label: "App" },
  { to: "/reiki", label: "Energy Healing" },
  { to: "/zyto", label: "ZYTO Scan" },
  { to: "/aromatherapy", label: "Aromatherapy" },
  { to: "/music", label: "Music" },
  { to: "/media-events", label: "Media & Events" },
  { to: "/contact", label: "Contact" },
] as const;

export const offeringLinks = [
  { to: "/reiki", label: "Reiki Energy Healing" },
  { to: "/zyto", label: "ZYTO Bioenergetic Scan" },
  { to: "/aromatherapy", label: "Aromatherapy" },
  { to: "/products", label: "Digital Guides & Courses" },
  { to: "/music", label: "Sacred Songs" },
  { to: "/gift-vouchers", label: "Gift Vouchers" },
] as const;

export const legalLinks = [
  { to: "/terms", label: "Terms and Conditions" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/cookie-policy", label: "Cookie Policy" },
  { to: "/refund", label: "Refund Policy" },
  { to: "/disclaimer", label: "Disclaimer" },
] as const;
