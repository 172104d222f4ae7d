import { useActionToast } from "~/components/ui/use-action-toast";
import { requireAdmin, requireAdminWrite } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { uploadLimits } from "~/features/admin/store-upload.server";
import { listSitePictures } from "~/features/site-pictures/list-site-pictures.server";
import { pictureFormSchema, pictureSlotSchema } from "~/features/site-pictures/picture-schema";
import { PICTURE_SLOTS, type PictureSlotId, pictureMessages } from "~/features/site-pictures/picture-slots";
import { removeSitePicture } from "~/features/site-pictures/remove-site-picture.server";
import { describeSitePicture, saveSitePicture } from "~/features/site-pictures/save-site-picture.server";
import { PictureForm } from "~/features/site-pictures/ui/picture-form";
import { servicesContext } from "~/lib/context";
import { refusalOf } from "~/lib/forms/action-data";
import { intent, runIntent } from "~/lib/forms/run-intent.server";
import type { Route } from "./+types/admin-pictures";

export const meta: Route.MetaFunction = () => [
  { title: "Pictures | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  return { pictures: await listSitePictures(services.database.db), limits: uploadLimits(services) };
}

const done = (description: string) => ({ redirectTo: "/admin/pictures", toast: { title: "Success", description } });

const intents = {
  save: intent({
    schema: pictureFormSchema,
    handler: async ({ slot, upload, alt }, { services }) => {
      const id = slot as PictureSlotId;
      if (upload) await saveSitePicture(services, { slot: id, uploadId: upload, alt });
      else await describeSitePicture(services, { slot: id, alt });
      return done(pictureMessages.saved);
    },
    errorFields: { invalid_request: "upload", not_found: "upload" },
  }),
  remove: intent({
    schema: pictureSlotSchema,
    handler: async ({ slot }, { services }) => {
      await removeSitePicture(services, slot as PictureSlotId);
      return done(pictureMessages.removed);
    },
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, {
    guard: requireAdminWrite,
    describeInvalid: (messages) => messages[0] ?? pictureMessages.altRequired,
  });

export default function AdminPictures({ loaderData, actionData }: Route.ComponentProps) {
  const { pictures, limits } = loaderData;
  useActionToast(actionData);
  const refused = refusalOf(actionData, "save");
  const refusedSlot = refused?.submitted.slot;
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6">
        <h1 className="text-4xl">Pictures</h1>
        <p className="mt-1 max-w-3xl text-muted">
          Your own photographs for the public pages. Every place has a design of its own until you add one, so add them
          in any order. Each picture is stored in the sizes visitors' screens need.
        </p>
        <div className="mt-8 grid gap-6">
          {PICTURE_SLOTS.map((slot) => {
            const current = pictures[slot.id];
            const mine = refusedSlot === slot.id ? refused : undefined;
            return (
              <PictureForm
                // A new picture remounts the form (a fresh upload field); a refusal does not, so the file
                // she chose and the words she typed stay while she fixes what was missing.
                key={`${slot.id}-${current?.src ?? "none"}`}
                slot={slot}
                current={current}
                errors={mine?.fieldErrors ?? {}}
                alt={typeof mine?.submitted.alt === "string" ? mine.submitted.alt : (current?.alt ?? "")}
                limits={limits}
              />
            );
          })}
        </div>
      </div>
    </>
  );
}
