import { Link } from "react-router";
import { Section } from "~/components/marketing/section";
import { formatLongDate } from "~/lib/format-date";
import { INCENTIVE_LABEL, type PublishedTestimonial } from "../model";

/**
 * Approved testimonials, self-contained so any page can place it (/reiki, /zyto, the home page): each
 * with the client's first name and the date written, and the label the law asks for when the writer
 * was given something. Shows nothing until one is approved. Its data: `listPublishedTestimonials`.
 */
export function TestimonialsSection({
  testimonials,
  title = "What Clients Say",
  tone = "plain",
}: {
  testimonials: PublishedTestimonial[];
  title?: string;
  tone?: "plain" | "tinted";
}) {
  if (testimonials.length === 0) return null;
  return (
    <Section id="testimonials" title={title} tone={tone}>
      {/* Centred rows, so one or two testimonials sit in the middle rather than at the left. */}
      <ul className="flex flex-wrap justify-center gap-6">
        {testimonials.map((t) => (
          <li
            key={t.id}
            className="flex w-full flex-col rounded-2xl border border-plum-100 bg-white p-6 shadow-sm md:w-[calc(50%-0.75rem)] lg:w-[calc((100%-3rem)/3)]"
          >
            <figure className="flex flex-1 flex-col">
              <blockquote className="flex-1 text-lg leading-relaxed whitespace-pre-line text-ink">
                “{t.body}”
              </blockquote>
              <figcaption className="mt-4 text-sm text-muted">
                <span className="font-semibold text-plum-900">{t.firstName}</span>,{" "}
                <time dateTime={t.writtenAt}>{formatLongDate(t.writtenAt)}</time>
              </figcaption>
              {t.incentivised ? <p className="mt-2 text-xs font-semibold text-amber-900">{INCENTIVE_LABEL}</p> : null}
            </figure>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-sm text-muted">
        Every testimonial is from a client who bought from the shop or attended a session, published as they wrote it.{" "}
        <Link to="/review-policy" className="font-semibold text-plum-800 underline">
          How we handle reviews
        </Link>
        .
      </p>
    </Section>
  );
}
