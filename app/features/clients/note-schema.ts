/** The private note form's fields (add and edit), shared by the client's page and its action. */
import { sanitiseText } from "~/lib/sanitise-text";
import { z } from "~/lib/zod";
import { NOTE_LIMIT } from "./clients-model";

export const noteBody = z
  .string()
  .transform((text) => sanitiseText(text.replace(/\r\n?/g, "\n")).trim())
  .pipe(z.string().min(1, "Please write the note.").max(NOTE_LIMIT, `A note is at most ${NOTE_LIMIT} characters.`));
