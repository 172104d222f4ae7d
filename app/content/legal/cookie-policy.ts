import type { Site } from "../site";
import type { LegalDocument } from "./legal-document";

export const cookiePolicy = (site: Site): LegalDocument => ({
  title: "Cookie Policy",
  description: "Which cookies this website uses, why, and how to change your choice.",
  lastUpdated: "2026-11-26",
  sections: [
    {
      heading: "What Cookies Are",
      paragraphs: [
        "Cookies are small files a website stores in your browser. Similar technologies, such as your browser's local storage, work in the same way. Under the Privacy and Electronic Communications Regulations (PECR) we only use them without asking when they are strictly necessary.",
      ],
    },
    {
      heading: "Strictly Necessary",
      paragraphs: [
        "These are always active because the site cannot work without them. None of them is used for advertising or shared with anyone:",
      ],
      items: [
        "'__Secure-better-auth.session_token' (a cookie; without '__Secure-' on a site without HTTPS): keeps you signed in to your account. It lasts 14 days from the last time you used the site, or until you sign out.",
        "'flash' (a cookie): carries a one-off message between pages (for example, 'signed out'). It lasts one minute.",
        "'known_device' (a cookie): remembers that this browser has signed in to your account before, so that failed sign-ins by someone else cannot lock you out of it. It holds a code worked out from your e-mail address with a key only this website knows (not the address itself) and a random number, signed so that nobody can forge it, and lasts 180 days; closing your account removes it.",
        "'sacred.signup' (a cookie): ties a new account to the browser it was made in, until you confirm your e-mail address. It lasts one day and is only ever sent back to the confirmation link.",
        "Your cookie choice, stored in your browser's local storage under 'cookie-consent' until you clear it.",
        "Your shopping cart, stored in your browser's local storage under 'cart' until you empty it.",
        "The time, place and note you chose on a booking page, if you leave it to answer the health questions: stored in this browser tab's session storage under 'booking-draft:', the session's name and a code for your account. They are put back if you return within an hour, and deleted when you return, sign out or close the tab.",
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
        "Videos on this site's pages come from YouTube. Until you accept marketing cookies and press play, those pages load nothing from YouTube: you see our own thumbnail and the video opens on YouTube in a new tab. If you accept marketing cookies, the video plays here in YouTube's privacy-enhanced mode, and YouTube may then set its own cookies.",
        "The one exception is a video course you have bought: it plays on its own page, for you only, in YouTube's privacy-enhanced player, which loads from YouTube when you open that page and may store data in your browser.",
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
