import { useEffect } from "react";
import { data, Form, Link } from "react-router";
import { Field } from "~/components/ui/field";
import { inputClass } from "~/components/ui/form-fields";
import { showToast } from "~/components/ui/toast";
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
import { AppError } from "~/lib/app-error";
import { servicesContext } from "~/lib/context";
import { redirectWithToast } from "~/lib/flash.server";
import { readForm } from "~/lib/read-form.server";
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

const photoId = z.uuid();

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  await requireAdminWrite(request, services);
  const form = await readForm(request);
  const text = (name: string) => String(form.get(name) ?? "");
  const intent = text("intent");
  const fail = (message: string, status = 400) => data({ message }, { status });
  const back = (gallery: string, description: string) =>
    redirectWithToast(
      `/admin/galleries?gallery=${encodeURIComponent(gallery)}`,
      { title: "Success", description, variant: "default" },
      services.env,
    );
  try {
    if (intent === "add-tab") {
      const label = tabLabelSchema.safeParse(text("label"));
      if (!label.success) return fail(galleryMessages.tabLabel);
      const id = await addGalleryTab(services, label.data);
      return back(id, galleryMessages.tabAdded);
    }
    const gallery = galleryIdSchema.safeParse(text("gallery"));
    if (!gallery.success) return fail(galleryMessages.unknownGallery, 404);
    if (intent === "rename-tab") {
      const label = tabLabelSchema.safeParse(text("label"));
      if (!label.success) return fail(galleryMessages.tabLabel);
      await renameGalleryTab(services, gallery.data, label.data);
      return back(gallery.data, galleryMessages.tabRenamed);
    }
    if (intent === "remove-tab") {
      await removeGalleryTab(services, gallery.data, form.get("withPhotos") === "on");
      return redirectWithToast(
        "/admin/galleries",
        { title: "Success", description: galleryMessages.tabRemoved, variant: "default" },
        services.env,
      );
    }
    if (intent === "add") {
      const upload = z.uuid().safeParse(text("upload"));
      if (!upload.success) return fail(galleryMessages.uploadGone);
      const words = photoTextSchema.safeParse({ alt: text("alt"), caption: text("caption") });
      if (!words.success) return fail(words.error.issues[0]?.message ?? galleryMessages.alt);
      await addGalleryPhoto(services, { gallery: gallery.data, uploadId: upload.data, ...words.data });
      return back(gallery.data, galleryMessages.added);
    }
    const id = photoId.safeParse(text("id"));
    if (!id.success) return fail(galleryMessages.notFound, 404);
    if (intent === "save") {
      const words = photoTextSchema.safeParse({ alt: text("alt"), caption: text("caption") });
      if (!words.success) return fail(words.error.issues[0]?.message ?? galleryMessages.alt);
      await updateGalleryPhoto(services, id.data, words.data);
      return back(gallery.data, galleryMessages.saved);
    }
    if (intent === "up" || intent === "down") {
      await moveGalleryPhoto(services, id.data, intent);
      return back(gallery.data, galleryMessages.moved);
    }
    if (intent === "remove") {
      await removeGalleryPhoto(services, id.data);
      return back(gallery.data, galleryMessages.removed);
    }
    return fail("Unknown action.");
  } catch (error) {
    if (error instanceof AppError) return fail(error.message, error.status);
    throw error;
  }
}

export default function AdminGalleries({ loaderData, actionData }: Route.ComponentProps) {
  const { galleries, current, photos, limits } = loaderData;
  useEffect(() => {
    if (actionData?.message) showToast({ title: "Error", description: actionData.message, variant: "destructive" });
  }, [actionData]);
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6">
        <h1 className="text-4xl">Galleries</h1>
        <p className="mt-1 text-muted">
          The angel gallery and the Sacred Moments tabs. A gallery shows its placeholder pictures until you add your
          first photo.
        </p>
        {actionData?.message ? (
          <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
            {actionData.message}
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
            <div className="card mt-6 grid gap-4 p-5 md:grid-cols-2">
              <Form method="post" className="flex flex-wrap items-end gap-3" aria-label="Rename this tab">
                <input type="hidden" name="intent" value="rename-tab" />
                <input type="hidden" name="gallery" value={current.id} />
                <Field label="Tab name" className="min-w-0 flex-1">
                  {(id) => (
                    <input
                      id={id}
                      name="label"
                      defaultValue={current.label}
                      maxLength={40}
                      className={inputClass}
                      key={current.label}
                    />
                  )}
                </Field>
                <button type="submit" className="btn-outline">
                  Rename Tab
                </button>
              </Form>
              <Form method="post" className="flex flex-wrap items-end gap-3" aria-label="Remove this tab">
                <input type="hidden" name="intent" value="remove-tab" />
                <input type="hidden" name="gallery" value={current.id} />
                {photos.length ? (
                  <label className="flex items-center gap-2 pb-2 text-sm font-semibold text-plum-900">
                    <input type="checkbox" name="withPhotos" />
                    Also remove its {photos.length} {photos.length === 1 ? "photo" : "photos"}
                  </label>
                ) : null}
                <button type="submit" className="btn-ghost text-red-800">
                  Remove Tab
                </button>
              </Form>
            </div>
          ) : null}
          <div className="mt-6">
            <AddPhotoForm key={`${current.id}-${photos.length}`} gallery={current.id} limits={limits} />
          </div>
          {photos.length ? (
            <ol className="mt-6 space-y-3" aria-label={`Photos in ${current.label}`}>
              {photos.map((photo, index) => (
                <li key={photo.id} className="card grid gap-4 p-4 sm:grid-cols-[160px_1fr]">
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
                      <Field label="Alt text">
                        {(id) => (
                          <input id={id} name="alt" defaultValue={photo.alt} maxLength={300} className={inputClass} />
                        )}
                      </Field>
                      <Field label="Caption">
                        {(id) => (
                          <input
                            id={id}
                            name="caption"
                            defaultValue={photo.caption}
                            maxLength={300}
                            className={inputClass}
                          />
                        )}
                      </Field>
                      <div className="flex flex-wrap gap-2 md:col-span-2">
                        <button type="submit" name="intent" value="save" className="btn-outline">
                          Save
                        </button>
                        <button
                          type="submit"
                          name="intent"
                          value="up"
                          className="btn-ghost"
                          disabled={index === 0}
                          aria-label={`Move photo ${index + 1} earlier`}
                        >
                          ↑ Earlier
                        </button>
                        <button
                          type="submit"
                          name="intent"
                          value="down"
                          className="btn-ghost"
                          disabled={index === photos.length - 1}
                          aria-label={`Move photo ${index + 1} later`}
                        >
                          ↓ Later
                        </button>
                        <button type="submit" name="intent" value="remove" className="btn-ghost text-red-800">
                          Remove
                        </button>
                      </div>
                    </Form>
                  </div>
                </li>
              ))}
            </ol>
          ) : null}
        </section>

        <Form method="post" className="card mt-10 flex flex-wrap items-end gap-3 p-5" aria-label="Add a tab">
          <input type="hidden" name="intent" value="add-tab" />
          <Field label="New Sacred Moments tab" className="min-w-0 flex-1">
            {(id) => <input id={id} name="label" maxLength={40} className={inputClass} placeholder="Avebury" />}
          </Field>
          <button type="submit" className="btn-outline">
            Add Tab
          </button>
        </Form>
      </div>
    </>
  );
}
