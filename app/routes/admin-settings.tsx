import { useActionToast } from "~/components/ui/use-action-toast";
import { requireAdmin, requireAdminWrite } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { textsOf, withClaimsWarning } from "~/features/claims/find-claims";
import { getSiteSettings } from "~/features/site-settings/get-site-settings.server";
import { saveSiteSettings } from "~/features/site-settings/save-site-settings.server";
import {
  placeholdersLeft,
  settingsFromForm,
  settingsMessages,
  siteSettingsSchema,
} from "~/features/site-settings/settings-schema";
import { PlaceholderChecklist, SettingsForm } from "~/features/site-settings/ui/settings-form";
import { servicesContext } from "~/lib/context";
import { refusalOf, valuesFrom } from "~/lib/forms/action-data";
import { intent, runIntent } from "~/lib/forms/run-intent.server";
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

const intents = {
  save: intent({
    schema: siteSettingsSchema,
    read: settingsFromForm,
    handler: async (settings, { services }) => {
      await saveSiteSettings(services, settings);
      return {
        redirectTo: "/admin/settings",
        toast: withClaimsWarning({ title: "Success", description: settingsMessages.saved }, textsOf(settings)),
      };
    },
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, {
    guard: requireAdminWrite,
    // The settings page has one form, and its posts have always been read as saving it.
    defaultIntent: "save",
    describeInvalid: () => settingsMessages.invalid,
  });

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, placeholders } = loaderData;
  useActionToast(actionData);
  const refused = refusalOf(actionData, "save");
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
            key={refused ? "submitted" : "stored"}
            values={valuesFrom(settings, refused?.submitted)}
            errors={refused?.fieldErrors ?? {}}
          />
        </div>
      </div>
    </>
  );
}
