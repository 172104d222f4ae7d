import { Link } from "react-router";
import { legalLinks, offeringLinks } from "~/content/navigation";
import { mailtoUrl, messagingUrl } from "~/content/site";
import { resetConsent } from "~/features/consent/consent";
import { useSite } from "~/features/site-settings/use-site";
import { SocialLinks } from "./social-links";

export function SiteFooter() {
  const site = useSite();
  return (
    <footer className="bg-plum-900 text-plum-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-serif text-2xl text-white">{site.brand}</p>
          <p className="mt-3 text-sm text-plum-200">{site.tagline}.</p>
          <SocialLinks className="mt-5" />
        </div>
        <FooterLinks id="footer-offerings" title="Offerings" links={offeringLinks} />
        <div>
          <h2 className="font-sans text-sm font-semibold tracking-wider text-gold-300 uppercase">Contact</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <a href={mailtoUrl(site)} className="hover:text-white hover:underline">
                {site.email}
              </a>
            </li>
            <li>
              <a
                href={messagingUrl(site)}
                target="_blank"
                rel="noopener noreferrer"
                className="hover:text-white hover:underline"
              >
                WhatsApp {site.messagingDisplay}
              </a>
            </li>
            <li>{site.city}</li>
            <li>{site.hours}</li>
          </ul>
        </div>
        <FooterLinks id="footer-legal" title="Legal" links={legalLinks}>
          <li>
            <button type="button" onClick={resetConsent} className="hover:text-white hover:underline">
              Cookie Settings
            </button>
          </li>
        </FooterLinks>
      </div>
      <p className="border-t border-plum-800 px-4 py-6 text-center text-xs text-plum-200">
        © {new Date().getFullYear()} {site.brand}. Wellness support only: our services do not diagnose or treat medical
        conditions.
      </p>
    </footer>
  );
}

function FooterLinks({
  id,
  title,
  links,
  children,
}: {
  id: string;
  title: string;
  links: ReadonlyArray<{ to: string; label: string }>;
  children?: React.ReactNode;
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="font-sans text-sm font-semibold tracking-wider text-gold-300 uppercase">
        {title}
      </h2>
      <ul className="mt-4 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  );
}
