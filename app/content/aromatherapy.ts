/** The aromatherapy page (spec §2, Aromatherapy). Oils and collections live in oils.ts. */
export const aromatherapyContent = {
  hero: {
    eyebrow: "Aromatherapy",
    title: "The Gentle Power of Essential Oils",
    intro:
      "Pure essential oils for relaxation, mood and mindful daily ritual, chosen with care and shared through my trusted oil partner.",
    explore: "Explore Collections",
    learn: { label: "Learn About", target: "about" },
  },
  plantWisdom: {
    id: "about",
    title: "The Wisdom of Plants",
    paragraphs: [
      "For thousands of years people have turned to aromatic plants for ceremony, comfort and care. Essential oils capture the fragrance of flowers, leaves, resins and peel in a few precious drops.",
      "I use them to create a calm atmosphere in sessions and encourage clients to build small rituals at home: a diffuser in the evening, a drop on a tissue before meditation, a warm bath at the end of the week.",
      "I don't sell oils myself. I share the brand I trust through a referral link, and I may receive a small commission when you shop through it, at no extra cost to you.",
    ],
  },
  account: {
    title: "Why Create an Account with Our Oil Partner?",
    intro: "Opening a free account through my referral link gives you:",
    perks: [
      { value: "25%", label: "discount on every order" },
      { value: "Up to 30%", label: "back in points to spend on future orders" },
    ],
    cta: "Create Your Account",
  },
  waysOfUse: {
    title: "Ways to Use Essential Oils",
    items: [
      { title: "Diffusion", text: "Add a few drops to a diffuser to fill a room with aroma." },
      { title: "Inhalation", text: "Breathe in from the bottle or a drop on a tissue for a quick moment of calm." },
      { title: "Topical", text: "Dilute in a carrier oil and apply to the wrists, neck or feet." },
      { title: "Bathing", text: "Blend with a carrier oil or bath salts and add to a warm bath." },
      { title: "Massage", text: "Mix with a carrier oil for a relaxing self-massage or partner massage." },
    ],
    safety:
      "Always follow the label: dilute before applying to skin, do a patch test first, keep oils away from eyes, children and pets, and ask a healthcare professional before use if you are pregnant, breastfeeding or under medical care.",
  },
  oils: {
    title: "My 10 Most-Used Oils",
    intro: "The oils I reach for most, and the intention I hold with each.",
  },
  benefits: {
    title: "Why I Love Aromatherapy",
    cards: [
      { title: "Relaxation", text: "Soft aromas help create a calm space to slow down and rest." },
      { title: "Mood", text: "Bright, citrus scents lift the atmosphere of a room and a day." },
      { title: "Mindful Ritual", text: "A drop of oil can mark the start of meditation, prayer or quiet time." },
      { title: "Natural Home", text: "Plant-based aromas freshen your home without synthetic fragrance." },
    ],
  },
  collections: {
    title: "Curated Collections",
    intro: "Four collections of four oils each, grouped by intention.",
    cta: "View in Catalogue",
  },
  begin: {
    title: "How You Can Begin",
    cards: [
      {
        title: "Shop the Oils",
        text: "Create your account with our oil partner to receive your discount and points back.",
        link: { label: "Visit the Oil Shop", external: true },
      },
      {
        title: "Book a ZYTO Scan",
        text: "Discover which oils you are drawn to with a scan and a personal report.",
        link: { label: "Book a Scan", to: "/zyto" },
      },
      {
        title: "Use the App",
        text: "Explore oils, blends and rituals in our companion app.",
        link: { label: "Open the App", to: "/app" },
      },
    ],
  },
  closing: {
    title: "Begin Your Aromatic Journey",
    text: "Browse the oil shop, or send me a message and I'll help you choose.",
    shop: "Shop Essential Oils",
    contact: { label: "Ask a Question", to: "/contact" },
  },
} as const;
