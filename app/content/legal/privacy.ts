import { retentionSentences } from "~/lib/retention-periods";
import { policyTerms } from "../policies";
import type { Site } from "../site";
import type { LegalDocument } from "./legal-document";

export const privacy = (site: Site): LegalDocument => ({
  title: "Privacy Policy",
  description: "How we collect, use and protect your personal data under UK GDPR.",
  lastUpdated: "2026-11-26",
  sections: [
    {
      heading: "Who We Are",
      paragraphs: [
        `${site.seller.legalName}, a sole trader trading as ${site.brand}, ${site.seller.address}, is the controller of your personal data under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018. Contact: ${site.email}.`,
      ],
    },
    {
      heading: "What We Collect",
      items: [
        "Account details: your name, e-mail address and a securely hashed password.",
        "Purchase details: what you bought, when and for how much. Card details are handled by Stripe and never reach us.",
        "Messages you send us by e-mail, WhatsApp or social media, and booking details.",
        "Your answers to the health questions before a session, and the practitioner's notes about your sessions: health information, stored encrypted.",
        "The note you may add when you book (please keep health details for the health questions).",
        "If you buy a gift voucher for someone: their name, the e-mail address to send it to, and your message.",
        "Technical data needed to run the site securely, such as your IP address in server logs.",
      ],
    },
    {
      heading: "Legal Bases",
      items: [
        "Contract: to provide sessions, digital products and your account.",
        "Legal obligation: to keep financial records for tax purposes.",
        "Legitimate interests: to keep the website secure and answer your enquiries.",
        "Consent: for optional analytics and marketing cookies. You can withdraw consent at any time. We do not send marketing e-mails.",
        "Explicit consent: for the health information you share before a session, used only to keep the session safe and suitable for you. If you withdraw it, your answers are erased at once; the practitioner's notes of sessions already given are kept only as long as needed to deal with any claim, then deleted as below.",
      ],
    },
    {
      heading: "What You Must Give Us",
      paragraphs: [
        "You must give your name and e-mail address to open an account and to buy, and answer the health questions to book a session online (if you would rather not, contact us). Everything else is optional. We make no decisions about you by automated means.",
      ],
    },
    {
      heading: "Sharing Your Data",
      paragraphs: [
        "We never sell your data. We share it only with service providers who help us run the business, under contracts that protect it: Stripe (payments), our website host, our file and backup storage, our e-mail provider, WhatsApp (if you message us there), and YouTube (if you accept marketing cookies and play a video on this site, or open a video course you have bought). We may also share data if the law requires it.",
      ],
    },
    {
      heading: "Security",
      paragraphs: [
        "The website uses encrypted connections (HTTPS), passwords are stored only as secure hashes, and access to your data is limited to the practitioner and the providers above. Backups of the site's data are kept for 14 days. If we ever restore one, what you had asked us to erase since it was made (a closed account, withdrawn health answers) is erased again before the site is used.",
      ],
    },
    {
      heading: "How Long We Keep Data",
      items: retentionSentences,
    },
    {
      heading: "International Transfers",
      paragraphs: [
        "Some of our providers (such as Stripe) may process data outside the UK. When they do, the transfer is protected by UK adequacy regulations or the International Data Transfer Agreement or Addendum approved by the UK regulator.",
      ],
    },
    {
      heading: "Your Rights",
      items: [
        "Access: ask for a copy of the data we hold about you.",
        "Rectification: ask us to correct inaccurate data.",
        "Erasure: ask us to delete your data where there is no reason to keep it.",
        "Restriction and objection: ask us to limit or stop using your data.",
        "Portability: receive your data in a common format.",
        "You can download your data, correct your details and close your account yourself from your account page (My Account).",
        "Withdraw consent at any time, without affecting earlier processing.",
      ],
    },
    {
      heading: "Complaints",
      paragraphs: [
        "If you are unhappy with how we use your data, please tell us first so we can put it right: use our data-protection complaint form (/privacy/complaint). We acknowledge every complaint at once and answer it within 30 days. You also have the right to complain to the Information Commissioner's Office (ICO), the UK regulator: ico.org.uk, telephone 0303 123 1113.",
      ],
    },
    {
      heading: "Cookies",
      paragraphs: [
        "We use strictly necessary cookies to run the site, and optional analytics and marketing cookies only with your consent, as the Privacy and Electronic Communications Regulations (PECR) require. See our Cookie Policy.",
      ],
    },
    {
      heading: "Contact",
      paragraphs: [`To use any of your rights or ask a question, e-mail ${site.email}. ${policyTerms.replyPromise}`],
    },
  ],
});
