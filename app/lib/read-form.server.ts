import { data } from "react-router";

/** The posted form, or a 400 that says why: a body that is not a form is refused, never a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("The form could not be read. Please send it again from the page.", { status: 400 });
  }
}
