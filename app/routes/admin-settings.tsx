import { useEffect } from "react";
import { data } from "react-router";
import { showToast } from "~/components/ui/toast";
import { requireAdmin, requireAdminWrite } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { getSiteSettings } from "~/features/site-settings/get-site-settings.server";
import { parseSettingsForm } from "~/features/site-settings/parse-settings-form";
import { saveSiteSettings } from "~/features/site-settings/save-site-settings.server";
import { placeholdersLeft, settingsMessages } from "~/features/site-settings/settings-schema";
import { PlaceholderChecklist, SettingsForm, type SettingsFormValues } from "~/features/site-settings/ui/settings-form";
import { servicesContext } from "~/lib/context";
import { redirectWithToast } from "~/lib/flash.server";
import { readForm } from "~/lib/read-form.server";
import type { Route } from "./+types/admin-settings";

export const meta: Route.MetaFunction = () => [
  { title: "Site Settings | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  const settings = await getSiteSettings(services.database.db);
  return { settings, placeholders: placeholdersLeft(settings) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  await requireAdminWrite(request, services);
  const parsed = parseSettingsForm(await readForm(request));
  if (!parsed.ok) {
    return data(
      { errors: parsed.errors, submitted: parsed.submitted as SettingsFormValues, message: settingsMessages.invalid },
      { status: 400 },
    );
  }
  await saveSiteSettings(services, parsed.settings);
  return redirectWithToast(
    "/admin/settings",
    { title: "Success", description: settingsMessages.saved, variant: "default" },
    services.env,
  );
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, placeholders } = loaderData;
  useEffect(() => {
    if (actionData?.message)
      showToast({ title: "Validation Error", description: actionData.message, variant: "destructive" });
  }, [actionData]);
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6">
        <h1 className="text-4xl">Site Settings</h1>
        <p className="mt-1 text-muted">
          Your details as every page, e-mail and legal page shows them. Changes show at once.
        </p>
        <div className="mt-6">
          <PlaceholderChecklist items={placeholders} />
        </div>
        <div className="mt-8">
          <SettingsForm
            // After a refused save the form shows what was typed, not the stored values.
            key={actionData ? "submitted" : "stored"}
            values={actionData?.submitted ?? settings}
            errors={actionData?.errors ?? {}}
          />
        </div>
      </div>
    </>
  );
}
