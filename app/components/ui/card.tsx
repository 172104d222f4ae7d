import { mergeClasses } from "./merge-classes";

/**
 * The site's card, defined once (decision 053): a white surface with the shared curve, a hairline
 * and a soft shadow. `highlight` marks the one card of a set that matters most (the featured
 * package, an important note). Padding is the card's own unless `padded={false}` (a card whose
 * picture runs to its edge pads its own body).
 */
export type CardTone = "plain" | "highlight";

const tones: Record<CardTone, string> = {
  plain: "border-line",
  highlight: "border-gold-500 ring-2 ring-gold-300",
};

/** The classes of a card, for an element the `Card` component cannot be (a `<details>`, a `<form>`). */
export function cardClass(extra = "", tone: CardTone = "plain"): string {
  return mergeClasses(`rounded-card border bg-surface shadow-sm ${tones[tone]}`, extra);
}

type CardElement = "div" | "li" | "article" | "section" | "figure" | "aside";

export function Card({
  as: Element = "div",
  tone = "plain",
  padded = true,
  className = "",
  ...props
}: React.HTMLAttributes<HTMLElement> & {
  as?: CardElement;
  tone?: CardTone;
  padded?: boolean;
}) {
  const padding = padded ? "p-card sm:p-card-lg" : "";
  return <Element className={cardClass(`${padding} ${className}`.trim(), tone)} {...props} />;
}
