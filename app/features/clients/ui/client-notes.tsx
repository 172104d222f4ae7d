import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/form-fields";
import { ConfirmActionDialog } from "~/features/admin/confirm-action-dialog";
import type { ActionFailure } from "~/lib/forms/action-data";
import { NOTE_LIMIT } from "../clients-model";

/** Enough lines to show a note whole while it is edited (about 28 characters a line on a phone), 4 to 16. */
const rowsFor = (body: string) =>
  Math.min(
    16,
    Math.max(
      4,
      body.split("\n").reduce((sum, line) => sum + Math.ceil((line.length + 1) / 28), 0),
    ),
  );

type Note = { id: string; created: string; author: string | null; edited: string | null; body: string };

/**
 * The practitioner's private notes on a client (decision 046): a box for a new one, then each note
 * with its edit form and delete. A refused add or edit keeps what she wrote, with the reason.
 */
export function ClientNotes({
  notes,
  addRefused,
  editRefused,
  busy,
}: {
  notes: readonly Note[];
  addRefused: ActionFailure | undefined;
  editRefused: ActionFailure | undefined;
  busy: boolean;
}) {
  return (
    <>
      {/* Keyed by the newest note, so the box is empty again once a note is added. */}
      <Form key={notes[0]?.id ?? "none"} method="post" noValidate className="space-y-3">
        <input type="hidden" name="intent" value="add-note" />
        <TextAreaField
          label="New note"
          name="body"
          hint="Only you can read these notes. They are stored encrypted, and every read is logged below."
          rows={4}
          maxLength={NOTE_LIMIT}
          error={addRefused?.fieldErrors.body}
          defaultValue={typeof addRefused?.submitted.body === "string" ? addRefused.submitted.body : ""}
        />
        <button type="submit" className={buttonClass("primary")} disabled={busy}>
          Add note
        </button>
      </Form>
      {notes.length === 0 ? (
        <p className="mt-6 text-muted">No notes yet.</p>
      ) : (
        <ul className="mt-6 space-y-4" aria-label="Notes">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg border border-plum-100 p-4">
              <p className="text-sm text-muted">
                {note.created}
                {note.author ? ` · ${note.author}` : ""}
                {note.edited ? ` · edited ${note.edited}` : ""}
              </p>
              <p className="mt-2 whitespace-pre-line break-words">{note.body}</p>
              <div className="mt-3 flex flex-wrap items-start gap-3">
                <details className="min-w-0 flex-1 open:basis-full" open={editRefused?.submitted.noteId === note.id}>
                  <summary className="cursor-pointer text-sm font-semibold text-plum-700 underline">Edit</summary>
                  <Form method="post" noValidate className="mt-2 space-y-2">
                    <input type="hidden" name="intent" value="edit-note" />
                    <input type="hidden" name="noteId" value={note.id} />
                    <TextAreaField
                      label="Note"
                      name="body"
                      rows={rowsFor(note.body)}
                      maxLength={NOTE_LIMIT}
                      defaultValue={note.body}
                      error={editRefused?.submitted.noteId === note.id ? editRefused.fieldErrors.body : undefined}
                    />
                    <button type="submit" className={buttonClass("secondary")} disabled={busy}>
                      Save note
                    </button>
                  </Form>
                </details>
                <ConfirmActionDialog
                  trigger="Delete"
                  triggerLabel={`Delete the note of ${note.created}`}
                  triggerClassName="text-sm font-semibold text-red-800 underline"
                  title="Delete this note?"
                  description="The note is deleted for good."
                  confirm="Delete note"
                  busy="Deleting…"
                  fields={{ intent: "delete-note", noteId: note.id }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
