/** Frequently asked questions on the contact page (spec §2, Contact: four entries). */
export type Faq = { question: string; answer: string };

export const contactFaqs: readonly Faq[] = [
  {
    question: "How do I choose the right service?",
    answer:
      "If you would like deep relaxation, start with a Reiki session. If you are curious about your wellness responses, a ZYTO scan gives you a report to explore. Not sure? Send me a message and we'll decide together.",
  },
  {
    question: "Does distance healing work as well as in person?",
    answer:
      "Many clients find distance Reiki just as relaxing as an in-person session. You rest somewhere comfortable at an agreed time while I work from my practice room. As with all Reiki, it supports relaxation and wellbeing and is not a medical treatment.",
  },
  {
    question: "How should I prepare for a session?",
    answer:
      "Wear comfortable clothes, drink some water, and give yourself a little quiet time afterwards. For a ZYTO scan, please avoid lotion on your hands that day.",
  },
  {
    question: "I've never tried anything like this. Is it for me?",
    answer:
      "Absolutely. Most of my clients are first-timers. I explain everything before we start, you can ask questions at any point, and you are always in control of the session.",
  },
];
