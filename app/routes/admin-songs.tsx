import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { useActionToast } from "~/components/ui/use-action-toast";
import { songs as shippedSongs } from "~/content/songs";
import { requireAdmin, requireAdminWrite } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { uploadLimits } from "~/features/admin/store-upload.server";
import { listSongRows, toSongView } from "~/features/songs/list-songs.server";
import { adoptShippedSongs, moveSong, removeSong, saveSong } from "~/features/songs/save-song.server";
import { formatDuration, songFormFrom, songFormSchema, songMessages } from "~/features/songs/song-schema";
import { emptySong, SongForm, type SongFormValues } from "~/features/songs/ui/song-form";
import { servicesContext } from "~/lib/context";
import { refusalOf, valuesFrom } from "~/lib/forms/action-data";
import { intent, reference, runIntent } from "~/lib/forms/run-intent.server";
import { z } from "~/lib/zod";
import type { Route } from "./+types/admin-songs";

export const meta: Route.MetaFunction = () => [
  { title: "Songs | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  const url = new URL(request.url);
  const rows = await listSongRows(services.database.db);
  const editing = rows.find((row) => row.id === url.searchParams.get("edit"));
  return {
    songs: rows.map(toSongView),
    shipped: rows.length === 0 ? shippedSongs.map((s) => ({ id: s.id, title: s.title, duration: s.duration })) : [],
    form: editing ? ("edit" as const) : url.searchParams.get("form") === "new" ? ("new" as const) : null,
    editing: editing
      ? {
          id: editing.id,
          values: {
            title: editing.title,
            theme: editing.theme,
            duration: formatDuration(editing.durationSeconds),
            description: editing.description,
            youtubeUrl: editing.youtubeUrl,
          } satisfies SongFormValues,
          audio: toSongView(editing).audio ?? null,
        }
      : null,
    limits: uploadLimits(services),
  };
}

const success = (description: string) => ({ redirectTo: "/admin/songs", toast: { title: "Success", description } });
const songId = z.object({ id: reference(z.uuid(), songMessages.notFound) });
const move = (direction: "up" | "down") =>
  intent({
    schema: songId,
    handler: async ({ id }, { services }) => {
      await moveSong(services, id, direction);
      return success(songMessages.moved);
    },
  });

const intents = {
  save: intent({
    // A new song has no id; an id that cannot name a song is a 404, as one that names none is.
    read: (form) => ({ ...songFormFrom(form), id: String(form.get("id") ?? "") }),
    schema: songFormSchema.extend({
      id: reference(z.union([z.literal("").transform(() => null), z.uuid()]), songMessages.notFound),
    }),
    handler: async ({ id, ...song }, { services }) => {
      await saveSong(services, id, song);
      return success(songMessages.saved);
    },
    errorFields: { invalid_request: "upload" },
  }),
  remove: intent({
    schema: songId,
    handler: async ({ id }, { services }) => {
      await removeSong(services, id);
      return success(songMessages.removed);
    },
  }),
  up: move("up"),
  down: move("down"),
  adopt: intent({
    schema: z.object({}),
    handler: async (_, { services }) => {
      await adoptShippedSongs(services);
      return success(songMessages.adopted);
    },
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, {
    guard: requireAdminWrite,
    describeInvalid: () => songMessages.invalid,
  });

export default function AdminSongs({ loaderData, actionData }: Route.ComponentProps) {
  const { songs, shipped, form, editing, limits } = loaderData;
  useActionToast(actionData);
  const refused = refusalOf(actionData, "save");
  const showForm = refused
    ? {
        ...valuesFrom({ id: "" }, refused.submitted),
        values: valuesFrom(emptySong, refused.submitted),
        audio: editing?.audio ?? null,
      }
    : form
      ? editing
      : null;
  const formOpen = Boolean(refused) || form !== null;
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h1 className="text-4xl">Songs</h1>
            <p className="mt-1 text-muted">The songs on the Music page, in the order visitors see them.</p>
          </div>
          <Link to={form === "new" ? "/admin/songs" : "/admin/songs?form=new"} className={buttonClass("primary")}>
            Add Song
          </Link>
        </div>
        {formOpen ? (
          <div className="mt-8">
            <SongForm
              key={showForm?.id || "new"}
              id={showForm?.id || null}
              values={showForm?.values ?? emptySong}
              audio={showForm?.audio ?? null}
              errors={refused?.fieldErrors ?? {}}
              limits={limits}
              cancelHref="/admin/songs"
            />
          </div>
        ) : null}
        {songs.length === 0 ? (
          <div className={cardClass("mt-8 p-6")}>
            <p className="text-muted">
              The Music page shows the {shipped.length} songs the site came with until you add one of your own:
            </p>
            <ul className="mt-3 list-disc pl-5 text-sm">
              {shipped.map((song) => (
                <li key={song.id}>
                  {song.title} ({song.duration})
                </li>
              ))}
            </ul>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="adopt" />
              <button type="submit" className={buttonClass("secondary")}>
                Edit These Songs
              </button>
            </Form>
          </div>
        ) : (
          <ol className="mt-8 space-y-3" aria-label="Songs">
            {songs.map((song, index) => (
              <li key={song.id} className={cardClass("flex flex-wrap items-center justify-between gap-3 p-5")}>
                <div className="min-w-0">
                  <p className="font-semibold break-words">{song.title}</p>
                  <p className="text-sm text-muted">
                    {[song.theme, song.duration, song.audio ? `${song.audio.format} recording` : "No recording"]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link to={`/admin/songs?edit=${song.id}`} className={buttonClass("secondary")}>
                    Edit<span className="sr-only">: {song.title}</span>
                  </Link>
                  <Form method="post" className="flex flex-wrap gap-2">
                    <input type="hidden" name="id" value={song.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="up"
                      className={buttonClass("quiet")}
                      disabled={index === 0}
                      aria-label={`Move ${song.title} earlier`}
                    >
                      ↑
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="down"
                      className={buttonClass("quiet")}
                      disabled={index === songs.length - 1}
                      aria-label={`Move ${song.title} later`}
                    >
                      ↓
                    </button>
                    <button type="submit" name="intent" value="remove" className={buttonClass("quiet", "text-red-800")}>
                      Remove<span className="sr-only">: {song.title}</span>
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}
