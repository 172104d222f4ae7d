/** Bookable sessions (spec §9). Prices are whole pence, like every price on the site. */
export type SessionPackage = {
  id: string;
  title: string;
  pricePence: number;
  /** How long, or how often, as the practitioner says it. */
  duration: string;
  description: string;
  includes: readonly string[];
  featured?: boolean;
};

export const reikiPackages: readonly SessionPackage[] = [
  {
    id: "one-on-one",
    title: "One-on-One Session",
    pricePence: 5000,
    duration: "1 hour",
    description: "A single, unhurried Reiki session in person or at a distance, to rest deeply and reset.",
    includes: [
      "A short conversation about how you are feeling",
      "A full hands-on or distance Reiki session",
      "Personal aftercare suggestions",
    ],
  },
  {
    id: "healing-journey",
    title: "Healing Journey",
    pricePence: 8000,
    duration: "2 sessions per month",
    description: "Two sessions a month for steady, regular support through a busy or changing season.",
    includes: [
      "Two one-hour Reiki sessions in the month",
      "A check-in between sessions by e-mail or WhatsApp",
      "Self-care and meditation suggestions",
    ],
    featured: true,
  },
  {
    id: "transformation-journey",
    title: "Transformation Journey",
    pricePence: 14000,
    duration: "One session a week for 4 sessions",
    description: "A four-week commitment to yourself, with a session every week and support in between.",
    includes: [
      "Four weekly one-hour Reiki sessions",
      "Support by e-mail or WhatsApp throughout",
      "A personal self-care plan to continue at home",
    ],
  },
];

export const scanSessions: readonly SessionPackage[] = [
  {
    id: "standard-scan",
    title: "Standard ZYTO Scan",
    pricePence: 4400,
    duration: "30 minutes",
    description: "A focused bioenergetic scan with a clear report to take home.",
    includes: ["Full ZYTO bioenergetic scan", "PDF report of your results", "Wellness insights"],
  },
  {
    id: "scan-spiritual-guidance",
    title: "Scan + Spiritual Guidance",
    pricePence: 6600,
    duration: "45-60 minutes",
    description: "Your scan followed by a gentle conversation to explore what the results mean for your path.",
    includes: [
      "Full ZYTO bioenergetic scan",
      "PDF report of your results",
      "Wellness insights",
      "Spiritual guidance conversation",
    ],
    featured: true,
  },
  {
    id: "scan-reiki",
    title: "Scan + Reiki Session",
    pricePence: 7700,
    duration: "90 minutes",
    description: "The complete experience: a scan, then a relaxing Reiki session shaped by what you discover.",
    includes: [
      "Full ZYTO bioenergetic scan",
      "PDF report of your results",
      "Wellness insights",
      "A one-hour Reiki session",
    ],
  },
];
