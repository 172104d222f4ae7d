import type { Site } from "../site";
import type { LegalDocument } from "./legal-document";

export const cookiePolicy = (site: Site): LegalDocument => ({
  title: "Cookie Policy",
  description: "Which cookies this website uses, why, and how to change your choice.",
  lastUpdated: "2026-11-22",
  sections: [
    {
      heading: "What Cookies Are",
      paragraphs: [
        "Cookies are small files a website stores in your browser. Similar technologies, such as your browser's local storage, work in the same way. Under the Privacy and Electronic Communications Regulations (PECR) we only use them without asking when they are strictly necessary.",
      ],
    },
    {
      heading: "Strictly Necessary",
      paragraphs: ["These are always active because the site cannot work without them:"],
      items: [
        "A session cookie that keeps you signed in to your account.",
        "A short-lived cookie that carries one-off messages between pages (for example, 'signed out').",
        "Your cookie choice, stored in your browser's local storage under 'cookie-consent'.",
        "Your shopping cart, stored in your browser's local storage under 'cart'.",
      ],
    },
    {
      heading: "Analytics",
      paragraphs: [
        "Analytics cookies would help us understand how visitors use the site. We do not use any at the moment; if we add them, they will run only when you accept analytics cookies.",
      ],
    },
    {
      heading: "Marketing",
      paragraphs: [
        "Videos on this site come from YouTube. Until you accept marketing cookies and press play, we load nothing from YouTube: you see our own thumbnail and the video opens on YouTube in a new tab. If you accept marketing cookies, the video plays here in YouTube's privacy-enhanced mode, and YouTube may then set its own cookies.",
      ],
    },
    {
      heading: "Changing Your Choice",
      paragraphs: [
        "Use the 'Cookie Settings' button below, or the one at the foot of every page, to clear your choice: the banner will appear again so you can choose afresh. You can also delete cookies and site data in your browser's settings.",
      ],
    },
    {
      heading: "Contact",
      paragraphs: [`Questions about cookies? E-mail ${site.email}.`],
    },
  ],
});
