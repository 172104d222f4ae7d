import type { Site } from "~/content/site";
import { useSite } from "~/features/site-settings/use-site";

const icons = {
  facebook: "M14 8h3V4h-3c-2.8 0-4 1.8-4 4.5V11H7v4h3v9h4v-9h3l1-4h-4V8.8c0-.5.3-.8 1-.8z",
  // Even-odd rings: the outer square, its hollow, the lens ring and the flash dot.
  instagram:
    "M7 2h10a5 5 0 015 5v10a5 5 0 01-5 5H7a5 5 0 01-5-5V7a5 5 0 015-5zM7.5 4h9A3.5 3.5 0 0120 7.5v9a3.5 3.5 0 01-3.5 3.5h-9A3.5 3.5 0 014 16.5v-9A3.5 3.5 0 017.5 4zM12 7.5a4.5 4.5 0 110 9 4.5 4.5 0 010-9zM12 9.2a2.8 2.8 0 100 5.6 2.8 2.8 0 000-5.6zM17.2 5.6a1.1 1.1 0 110 2.2 1.1 1.1 0 010-2.2z",
  tiktok: "M16.5 3c.4 2.3 1.9 3.8 4.2 4v3.2c-1.6 0-3-.5-4.2-1.3v6.3a6 6 0 11-6-6v3.2a2.8 2.8 0 102.8 2.8V3h3.2z",
} as const;

export const socialLinks = (site: Site) =>
  [
    { key: "facebook", label: "Facebook", href: site.social.facebook },
    { key: "instagram", label: "Instagram", href: site.social.instagram },
    { key: "tiktok", label: "TikTok", href: site.social.tiktok },
  ] as const;

/** The three social links, opening in a new tab. */
export function SocialLinks({ className = "" }: { className?: string }) {
  const site = useSite();
  return (
    <ul className={`flex gap-3 ${className}`}>
      {socialLinks(site).map((link) => (
        <li key={link.key}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex size-11 items-center justify-center rounded-full bg-plum-100 text-plum-800 transition-colors hover:bg-plum-200"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
              <path fillRule="evenodd" d={icons[link.key]} />
            </svg>
            <span className="sr-only">{link.label} (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
