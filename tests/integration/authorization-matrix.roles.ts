/** The authorization matrix's people, and the statuses an entry expects of each (`authorization-matrix.table.ts`). */
export type Role = "visitor" | "customer" | "other" | "member" | "admin";
export type Expect = Record<Role, number>;
export type Entry = {
  /** The route pattern as the router knows it (coverage check). */
  route: string;
  method: "GET" | "POST";
  /** The concrete request; `{paid}` and `{open}` are the customer's own paid and unpaid demo checkouts. */
  path: string;
  body?:
    | "form"
    | "form-pay"
    | "json-checkout"
    | "json-claim"
    | "stripe-unsigned"
    | "admin-invalid"
    | "refund-unknown"
    | "upload-pdf"
    | "form-cancel"
    | "form-diary-cancel"
    | "settings-invalid"
    | "event-invalid"
    | "gallery-invalid"
    | "discount-invalid"
    | "json-discount"
    | "gallery-rename"
    | "gallery-remove"
    | "song-invalid"
    | "song-adopt"
    | "song-remove"
    | "upload-song";
  expect: Expect;
};

export const all = (status: number): Expect => ({
  visitor: status,
  customer: status,
  other: status,
  member: status,
  admin: status,
});
export const signedIn = (visitor: number, status: number): Expect => ({ ...all(status), visitor });
