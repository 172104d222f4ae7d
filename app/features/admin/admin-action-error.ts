/** An admin write the server refused; the message is safe to show as it is. */
export class AdminActionError extends Error {
  override name = "AdminActionError";
  constructor(
    readonly status: 400 | 404 | 409 | 502,
    message: string,
  ) {
    super(message);
  }
}
