import { type SiteSettings, type SiteSettingsField, settingsFromForm, siteSettingsSchema } from "./settings-schema";

export type ParsedSettings =
  | { ok: true; settings: SiteSettings }
  | { ok: false; errors: Partial<Record<SiteSettingsField, string>>; submitted: Record<string, unknown> };

/** The posted settings form, parsed by the shared schema: the settings, or one message per refused field. */
export function parseSettingsForm(form: FormData): ParsedSettings {
  const submitted = settingsFromForm(form);
  const parsed = siteSettingsSchema.safeParse(submitted);
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: Partial<Record<SiteSettingsField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as SiteSettingsField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors, submitted };
}
