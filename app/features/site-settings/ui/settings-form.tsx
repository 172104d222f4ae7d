import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { ErrorText, FormErrors, messagesOf, TextField } from "~/components/ui/form-fields";
import { SETTINGS_LABELS } from "../settings-schema";
import { DAY_CODES, DAY_NAMES, type SiteSettings, type SiteSettingsField } from "../site-details";

export type SettingsErrors = Partial<Record<string, string>>;

type InputType = "text" | "email" | "tel" | "url" | "time";

const groups: { title: string; fields: [SiteSettingsField, InputType, string?][] }[] = [
  {
    title: "The practice",
    fields: [
      ["practitionerName", "text"],
      ["businessName", "text"],
      ["sellerLegalName", "text", "Shown on receipts and in the terms and privacy policy as the seller."],
      ["vatNumber", "text", "Leave empty if you are not VAT-registered."],
    ],
  },
  {
    title: "Contact",
    fields: [
      ["email", "email"],
      ["phone", "tel"],
      ["messagingNumber", "tel", "The number people message on WhatsApp, such as +44 7123 456789."],
      ["town", "text"],
      ["postalAddress", "text", "Your business address for the legal pages and receipts."],
    ],
  },
  {
    title: "Links",
    fields: [
      ["facebookUrl", "url"],
      ["instagramUrl", "url"],
      ["tiktokUrl", "url"],
      ["oilShopUrl", "url", "Your referral link to the oil brand's shop."],
      ["oilReferralCode", "text", "Shown on the aromatherapy page for people who sign up another way."],
      ["appUrl", "url", "Where /app sends visitors."],
    ],
  },
  {
    title: "YouTube",
    fields: [
      ["zytoVideoUrl", "url"],
      ["mediaVideo1Url", "url", "Sacred Romania Retreat"],
      ["mediaVideo2Url", "url", "Solstice at Stonehenge"],
      ["mediaVideo3Url", "url", "Glastonbury Tor Meditation"],
      ["angelVideoUrl", "url", "'Watch the Video Experience' under the angel gallery"],
    ],
  },
];

/** Every field of the site settings, with the server's message under any it refused. */
export function SettingsForm({ values, errors }: { values: SiteSettings; errors: SettingsErrors }) {
  const value = (field: SiteSettingsField) => {
    const v = values[field];
    return Array.isArray(v) ? v.join(",") : String(v ?? "");
  };
  const days = values.openingDays as readonly string[];
  const messages = messagesOf(errors);

  return (
    // The server validates every field and answers each with a clear message (noValidate: the
    // browser's own bubbles would speak first and differently).
    <Form method="post" noValidate className="space-y-8" aria-label="Site settings">
      <input type="hidden" name="intent" value="save" />
      <FormErrors
        messages={messages}
        lead={`Please correct ${messages.length === 1 ? "this field" : "these fields"}:`}
      />
      {groups.map((group) => (
        <fieldset key={group.title} className={cardClass("grid gap-4 p-5 sm:p-6 md:grid-cols-2")}>
          <legend className="px-1 font-serif text-xl text-plum-900">{group.title}</legend>
          {group.fields.map(([field, type, hint]) => (
            <TextField
              key={field}
              label={SETTINGS_LABELS[field]}
              name={field}
              type={type}
              hint={hint}
              defaultValue={value(field)}
              error={errors[field]}
            />
          ))}
        </fieldset>
      ))}
      <fieldset className={cardClass("p-5 sm:p-6")}>
        <legend className="px-1 font-serif text-xl text-plum-900">Opening hours</legend>
        {/* The site shows the hours clients can book (decision 047): these only stand in for them. */}
        <p className="mb-3 text-sm text-muted">
          The site shows the hours clients can book, which you set in{" "}
          <Link to="/admin/bookings#availability" className="underline">
            Diary, Availability
          </Link>
          . These are shown instead only if the diary cannot be read.
        </p>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {DAY_CODES.map((code) => (
            <label key={code} className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" name="openingDays" value={code} defaultChecked={days.includes(code)} />
              {DAY_NAMES[code]}
            </label>
          ))}
        </div>
        <ErrorText id="openingDays-error">{errors.openingDays}</ErrorText>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {(["opensAt", "closesAt"] as const).map((field) => (
            <TextField
              key={field}
              label={SETTINGS_LABELS[field]}
              name={field}
              type="time"
              hint="UK time"
              defaultValue={value(field)}
              error={errors[field]}
            />
          ))}
        </div>
      </fieldset>
      <button type="submit" className={buttonClass("primary")}>
        Save Settings
      </button>
    </Form>
  );
}

/** The fields still holding the shipped stand-ins, linked to the form. */
export function PlaceholderChecklist({ items }: { items: { field: string; label: string }[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="placeholder-checklist" className="rounded-xl border border-gold-300 bg-gold-300/15 p-5">
      <h2 id="placeholder-checklist" className="font-sans text-base font-semibold text-plum-900">
        {`Still showing example details (${items.length})`}
      </h2>
      <p className="mt-1 text-sm text-muted">
        Visitors see these placeholders until you replace them in Site Settings:
      </p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.field}>
            <a
              href="/admin/settings"
              className="inline-block rounded-full bg-white px-3 py-1 text-sm text-plum-800 ring-1 ring-plum-200 hover:bg-plum-100"
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
