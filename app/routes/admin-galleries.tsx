import { data, Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { CheckboxField, TextField } from "~/components/ui/form-fields";
import { noticeClass } from "~/components/ui/notice";
import { useActionToast } from "~/components/ui/use-action-toast";
import { angelPhotos, sacredMomentsTabs } from "~/content/photos";
import { requireAdmin, requireAdminWrite } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { uploadLimits } from "~/features/admin/store-upload.server";
import { addGalleryPhoto } from "~/features/media/add-gallery-photo.server";
import { addGalleryTab } from "~/features/media/add-gallery-tab.server";
import { moveGalleryPhoto, removeGalleryPhoto, updateGalleryPhoto } from "~/features/media/edit-gallery-photo.server";
import { removeGalleryTab, renameGalleryTab } from "~/features/media/edit-gallery-tab.server";
import { galleryIdSchema, galleryMessages, photoTextSchema, tabLabelSchema } from "~/features/media/gallery-rules";
import { listGalleries } from "~/features/media/list-galleries.server";
import { AddPhotoForm } from "~/features/media/ui/add-photo-form";
import { servicesContext } from "~/lib/context";
import { refusalOf } from "~/lib/forms/action-data";
import { intent, reference, runIntent } from "~/lib/forms/run-intent.server";
import { z } from "~/lib/zod";
import type { Route } from "./+types/admin-galleries";

export const meta: Route.MetaFunction = () => [
  { title: "Galleries | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  const { uploaded, addedTabs } = await listGalleries(services.database.db);
  const galleries = [
    { id: "angel", label: "Angel Light", shipped: angelPhotos.length, added: false },
    ...sacredMomentsTabs.map((t) => ({
      id: t.id as string,
      label: t.label as string,
      shipped: t.photos.length,
      added: false,
    })),
    ...addedTabs.map((t) => ({ ...t, shipped: 0, added: true })),
  ].map((g) => ({ ...g, uploaded: uploaded[g.id]?.length ?? 0 }));
  const asked = new URL(request.url).searchParams.get("gallery");
  const current = galleries.find((g) => g.id === asked) ?? galleries[0];
  if (!current) throw data(galleryMessages.unknownGallery, { status: 404 });
  return { galleries, current, photos: uploaded[current.id] ?? [], limits: uploadLimits(services) };
}

/** Every gallery form's fields, a missing one empty, as the schemas read them. */
const readGalleryForm = (form: FormData) => ({
  ...Object.fromEntries(
    ["gallery", "id", "label", "upload", "alt", "caption"].map((name) => [name, String(form.get(name) ?? "")]),
  ),
  withPhotos: form.get("withPhotos") === "on",
});

const success = (gallery: string | null, description: string) => ({
  redirectTo: gallery ? `/admin/galleries?gallery=${encodeURIComponent(gallery)}` : "/admin/galleries",
  toast: { title: "Success", description },
});

// Checked in this order, so the first refusal is the one the toast says: the gallery, the photo, then the words.
const gallery = reference(galleryIdSchema, galleryMessages.unknownGallery);
const photo = z.object({ gallery, id: reference(z.uuid(), galleryMessages.notFound) });
const move = (direction: "up" | "down") =>
  intent({
    read: readGalleryForm,
    schema: photo,
    handler: async ({ gallery, id }, { services }) => {
      await moveGalleryPhoto(services, id, direction);
      return success(gallery, galleryMessages.moved);
    },
  });

const intents = {
  "add-tab": intent({
    read: readGalleryForm,
    schema: z.object({ label: tabLabelSchema }),
    handler: async ({ label }, { services }) => success(await addGalleryTab(services, label), galleryMessages.tabAdded),
  }),
  "rename-tab": intent({
    read: readGalleryForm,
    schema: z.object({ gallery, label: tabLabelSchema }),
    handler: async ({ gallery, label }, { services }) => {
      await renameGalleryTab(services, gallery, label);
      return success(gallery, galleryMessages.tabRenamed);
    },
  }),
  "remove-tab": intent({
    read: readGalleryForm,
    schema: z.object({ gallery, withPhotos: z.boolean() }),
    handler: async ({ gallery, withPhotos }, { services }) => {
      await removeGalleryTab(services, gallery, withPhotos);
      return success(null, galleryMessages.tabRemoved);
    },
  }),
  add: intent({
    read: readGalleryForm,
    schema: z.object({ gallery, upload: z.uuid(galleryMessages.uploadGone), ...photoTextSchema.shape }),
    handler: async ({ gallery, upload, alt, caption }, { services }) => {
      await addGalleryPhoto(services, { gallery, uploadId: upload, alt, caption });
      return success(gallery, galleryMessages.added);
    },
  }),
  save: intent({
    read: readGalleryForm,
    schema: photo.extend(photoTextSchema.shape),
    handler: async ({ gallery, id, alt, caption }, { services }) => {
      await updateGalleryPhoto(services, id, { alt, caption });
      return success(gallery, galleryMessages.saved);
    },
  }),
  up: move("up"),
  down: move("down"),
  remove: intent({
    read: readGalleryForm,
    schema: photo,
    handler: async ({ gallery, id }, { services }) => {
      await removeGalleryPhoto(services, id);
      return success(gallery, galleryMessages.removed);
    },
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, {
    guard: requireAdminWrite,
    invalidTitle: "Error",
    refusedTitle: "Error",
  });

export default function AdminGalleries({ loaderData, actionData }: Route.ComponentProps) {
  const { galleries, current, photos, limits } = loaderData;
  useActionToast(actionData);
  const refused = refusalOf(actionData);
  const saveRefused = refusalOf(actionData, "save");
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6">
        <h1 className="text-4xl">Galleries</h1>
        <p className="mt-1 text-muted">
          The angel gallery and the Sacred Moments tabs. A gallery shows its placeholder pictures until you add your
          first photo.
        </p>
        {refused ? (
          <p role="alert" className={noticeClass("error", "mt-4")}>
            {refused.toast.description}
          </p>
        ) : null}
        <nav aria-label="Galleries" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {galleries.map((g) => (
              <li key={g.id}>
                <Link
                  to={`/admin/galleries?gallery=${g.id}`}
                  aria-current={g.id === current.id ? "page" : undefined}
                  className={`inline-block rounded-full px-4 py-2 text-sm font-semibold ${
                    g.id === current.id ? "bg-plum-700 text-white" : "bg-plum-100 text-plum-800 hover:bg-plum-200"
                  }`}
                >
                  {`${g.label} (${g.uploaded || g.shipped})`}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="gallery-heading" className="mt-8">
          <h2 id="gallery-heading" className="text-2xl">
            {current.label}
          </h2>
          <p className="mt-1 text-muted">
            {photos.length
              ? `${photos.length} ${photos.length === 1 ? "photo" : "photos"} of yours, in the order visitors see them.`
              : current.shipped
                ? `Showing ${current.shipped} placeholder pictures until you add your first photo.`
                : "No photos yet: the tab shows once it has one."}
          </p>
          {current.added ? (
            <div className={cardClass("mt-6 grid gap-4 p-5 md:grid-cols-2")}>
              <Form method="post" className="flex flex-wrap items-end gap-3" aria-label="Rename this tab">
                <input type="hidden" name="intent" value="rename-tab" />
                <input type="hidden" name="gallery" value={current.id} />
                <TextField
                  label="Tab name"
                  name="label"
                  className="min-w-0 flex-1"
                  defaultValue={current.label}
                  maxLength={40}
                  key={current.label}
                  error={refusalOf(actionData, "rename-tab")?.fieldErrors.label}
                />
                <button type="submit" className={buttonClass("secondary")}>
                  Rename Tab
                </button>
              </Form>
              <Form method="post" className="flex flex-wrap items-end gap-3" aria-label="Remove this tab">
                <input type="hidden" name="intent" value="remove-tab" />
                <input type="hidden" name="gallery" value={current.id} />
                {photos.length ? (
                  <CheckboxField
                    label={`Also remove its ${photos.length} ${photos.length === 1 ? "photo" : "photos"}`}
                    name="withPhotos"
                    className="flex items-center gap-2 pb-2 text-sm font-semibold text-plum-900"
                  />
                ) : null}
                <button type="submit" className={buttonClass("quiet", "text-red-800")}>
                  Remove Tab
                </button>
              </Form>
            </div>
          ) : null}
          <div className="mt-6">
            <AddPhotoForm
              key={`${current.id}-${photos.length}`}
              gallery={current.id}
              limits={limits}
              errors={refusalOf(actionData, "add")?.fieldErrors ?? {}}
            />
          </div>
          {photos.length ? (
            <ol className="mt-6 space-y-3" aria-label={`Photos in ${current.label}`}>
              {photos.map((photo, index) => {
                const errors = saveRefused?.submitted.id === photo.id ? saveRefused.fieldErrors : {};
                return (
                  <li key={photo.id} className={cardClass("grid gap-4 p-4 sm:grid-cols-[160px_1fr]")}>
                    <img
                      src={photo.src.thumb}
                      alt={photo.alt}
                      width={photo.width}
                      height={photo.height}
                      loading="lazy"
                      className="aspect-[4/3] h-auto w-40 rounded-lg object-cover"
                    />
                    <div className="min-w-0">
                      <Form method="post" className="grid gap-3 md:grid-cols-2">
                        <input type="hidden" name="gallery" value={current.id} />
                        <input type="hidden" name="id" value={photo.id} />
                        <TextField
                          label="Alt text"
                          name="alt"
                          defaultValue={photo.alt}
                          maxLength={300}
                          error={errors.alt}
                        />
                        <TextField
                          label="Caption"
                          name="caption"
                          defaultValue={photo.caption}
                          maxLength={300}
                          error={errors.caption}
                        />
                        <div className="flex flex-wrap gap-2 md:col-span-2">
                          <button type="submit" name="intent" value="save" className={buttonClass("secondary")}>
                            Save
                          </button>
                          <button
                            type="submit"
                            name="intent"
                            value="up"
                            className={buttonClass("quiet")}
                            disabled={index === 0}
                            aria-label={`Move photo ${index + 1} earlier`}
                          >
                            ↑ Earlier
                          </button>
                          <button
                            type="submit"
                            name="intent"
                            value="down"
                            className={buttonClass("quiet")}
                            disabled={index === photos.length - 1}
                            aria-label={`Move photo ${index + 1} later`}
                          >
                            ↓ Later
                          </button>
                          <button
                            type="submit"
                            name="intent"
                            value="remove"
                            className={buttonClass("quiet", "text-red-800")}
                          >
                            Remove
                          </button>
                        </div>
                      </Form>
                    </div>
                  </li>
                );
              })}
            </ol>
          ) : null}
        </section>

        <Form method="post" className={cardClass("mt-10 flex flex-wrap items-end gap-3 p-5")} aria-label="Add a tab">
          <input type="hidden" name="intent" value="add-tab" />
          <TextField
            label="New Sacred Moments tab"
            name="label"
            className="min-w-0 flex-1"
            maxLength={40}
            placeholder="Avebury"
            error={refusalOf(actionData, "add-tab")?.fieldErrors.label}
          />
          <button type="submit" className={buttonClass("secondary")}>
            Add Tab
          </button>
        </Form>
      </div>
    </>
  );
}
