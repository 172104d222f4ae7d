import { policyTerms, wellnessDisclaimer } from "../policies";
import type { Site } from "../site";
import type { LegalDocument } from "./legal-document";

export const terms = (site: Site): LegalDocument => ({
  title: "Terms and Conditions",
  description: `The terms for using the ${site.brand} website, booking sessions and buying digital products.`,
  lastUpdated: "2026-11-26",
  sections: [
    {
      heading: "1. Introduction",
      paragraphs: [
        `This website is run by ${site.seller.legalName}, a sole trader trading as ${site.brand}, ${site.seller.address} ("we", "us")${site.seller.vatNumber ? `, VAT number ${site.seller.vatNumber}` : ""}. These terms apply when you use the website, book a session or buy a digital product. Please read them with our Privacy Policy, Cookie Policy, Refund Policy and Disclaimer.`,
        "By using the website you agree to these terms. If you buy as a consumer, nothing in them affects your statutory rights.",
      ],
    },
    {
      heading: "2. Our Services",
      paragraphs: [
        "We offer Reiki energy healing sessions, ZYTO bioenergetic scans, digital products (PDF guides, video courses and audio) and a monthly Digital Access membership. Aromatherapy products are sold by a third-party oil brand through a referral link; we do not sell oils and the brand's own terms apply to those orders.",
        "Session descriptions, prices and durations are shown on the website. We may change them, but the price you agreed when you booked applies to that booking.",
      ],
    },
    {
      heading: "3. Cookies",
      paragraphs: [
        "We use cookies and similar storage as described in our Cookie Policy. Optional analytics and marketing cookies are only used if you agree to them, and you can change your choice at any time with 'Cookie Settings'.",
      ],
    },
    {
      heading: "4. Medical Disclaimer",
      paragraphs: [
        wellnessDisclaimer,
        "Always seek the advice of your GP or another qualified healthcare professional about any health concern, and do not stop or change any prescribed treatment because of anything on this website or in a session. Our full Disclaimer explains this in more detail.",
      ],
    },
    {
      heading: "5. Your Responsibilities",
      items: [
        "Give accurate information when you book or create an account, and keep your password safe.",
        "Tell us before a session about anything that may affect it, such as pregnancy or a medical device, in the health questions we ask you to answer before your first session.",
        "Use digital products for your own personal use only; do not share, resell or publish them.",
        "Do not misuse the website, for example by trying to access it without permission or by uploading harmful code.",
      ],
    },
    {
      heading: "6. Payment and Cancellation",
      paragraphs: [
        "Prices are in pounds sterling (GBP). Card payments are processed securely by Stripe; we never see or store your full card details.",
        policyTerms.cancellationFullRefund,
        policyTerms.lateCancellationFee,
        policyTerms.cancellationPeriod,
        policyTerms.digitalNonRefundable,
        "The Digital Access membership renews monthly until you cancel. You can cancel at any time and keep access until the end of the month you have paid for.",
        `${policyTerms.giftVouchers} Our Refund Policy gives the full details.`,
      ],
    },
    {
      heading: "7. Intellectual Property",
      paragraphs: [
        `All text, photographs, videos, songs, guides and courses on this website belong to ${site.practitioner} or are used with permission. Buying a digital product gives you a personal, non-transferable licence to use it; it does not transfer ownership.`,
      ],
    },
    {
      heading: "8. Limitation of Liability",
      paragraphs: [
        "We provide our services with reasonable care and skill. We are not responsible for losses that were not foreseeable, for business losses, or for decisions you make about your health without consulting a qualified professional.",
        "Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else that cannot be limited under the law of England and Wales, including your rights under the Consumer Rights Act 2015.",
      ],
    },
    {
      heading: "9. Governing Law",
      paragraphs: [
        "These terms are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction. If you live in Scotland or Northern Ireland you may also bring proceedings in your local courts.",
      ],
    },
    {
      heading: "10. Contact",
      paragraphs: [
        `Questions about these terms? E-mail ${site.email} or message us on WhatsApp at ${site.messagingDisplay}. ${policyTerms.replyPromise}`,
      ],
    },
  ],
});
