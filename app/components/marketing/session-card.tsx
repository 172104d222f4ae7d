import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { SessionPackage } from "~/content/sessions";
import { formatSessionPrice } from "./format-session-price";
import { Icon } from "./icons";

/** One bookable package: title, price, duration, what is included, and a booking button. */
export function SessionCard({
  session,
  cta,
  media,
}: {
  session: SessionPackage;
  cta: string;
  /** Her picture of this session, across the card's top; the card stands without it. */
  media?: React.ReactNode;
}) {
  return (
    <Card
      as="article"
      tone={session.featured ? "highlight" : "plain"}
      className="relative flex flex-col"
      aria-labelledby={`${session.id}-title`}
    >
      {media ? (
        <div className="-mx-card -mt-card mb-6 overflow-hidden rounded-t-card sm:-mx-card-lg sm:-mt-card-lg">
          {media}
        </div>
      ) : null}
      {/* On the card's edge, so every card's title and price start at the same height. */}
      {session.featured ? (
        <p className="absolute -top-3 left-6 rounded-full bg-gold-300 px-3 py-1 text-xs font-semibold text-plum-900 sm:left-8">
          Most popular
        </p>
      ) : null}
      <h3 id={`${session.id}-title`} className="text-2xl md:min-h-[2lh]">
        {session.title}
      </h3>
      <p className="mt-3 flex items-baseline gap-2">
        <span className="font-serif text-4xl text-plum-700">{formatSessionPrice(session.pricePence)}</span>
        <span className="text-sm text-muted">{session.duration}</span>
      </p>
      <p className="mt-4 text-muted">{session.description}</p>
      <ul className="mt-5 flex-1 space-y-2">
        {session.includes.map((item) => (
          <li key={item} className="flex gap-2 text-sm">
            <Icon name="check" className="mt-0.5 size-4 shrink-0 text-gold-700" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
      {/* Named in full ('Book This Package: Healing Journey'): a hidden ': title' inside the link was read
          with a space before its colon, as a hidden span counts as a separate block for the name. */}
      <Link
        to={`/book/${session.id}`}
        className={buttonClass("primary", "mt-6 w-full")}
        aria-label={`${cta}: ${session.title}`}
      >
        {cta}
      </Link>
      <p className="mt-3 text-center text-sm">
        Questions first?{" "}
        <Link to="/contact" className="underline">
          Contact<span className="sr-only"> us about {session.title}</span>
        </Link>
      </p>
    </Card>
  );
}
