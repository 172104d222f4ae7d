import { all, type Entry, signedIn } from "./authorization-matrix.roles";

/** The practice's part of the authorization matrix: booking, client records and intake, the diary. */
export const practiceEntries: Entry[] = [
  // Booking: anyone sees the free times; booking and My Sessions are for signed-in clients (a visitor's
  // booking goes to sign in); a session is its client's alone.
  { route: "/book/:serviceId", method: "GET", path: "/book/one-on-one", expect: all(200) },
  { route: "/book/:serviceId", method: "GET", path: "/book/no-such-service", expect: all(404) },
  { route: "/book/:serviceId", method: "POST", path: "/book/one-on-one", body: "form", expect: signedIn(302, 400) },
  { route: "/my-sessions", method: "GET", path: "/my-sessions", expect: signedIn(302, 200) },
  {
    route: "/my-sessions/:bookingId",
    method: "GET",
    path: "/my-sessions/{booking}",
    expect: { ...signedIn(302, 404), customer: 200 },
  },
  { route: "/admin/bookings", method: "GET", path: "/admin/bookings", expect: { ...all(302), admin: 200 } },
  // Client records and intake (decision 046): health data is the client's own and the practitioner's alone.
  {
    route: "/my-sessions/health-questions",
    method: "GET",
    path: "/my-sessions/health-questions",
    expect: signedIn(302, 200),
  },
  {
    route: "/my-sessions/health-questions",
    method: "POST",
    path: "/my-sessions/health-questions",
    body: "form",
    expect: signedIn(302, 400),
  },
  { route: "/admin/clients", method: "GET", path: "/admin/clients", expect: { ...all(302), admin: 200 } },
  {
    route: "/admin/clients/:clientId",
    method: "GET",
    path: "/admin/clients/{client}",
    expect: { ...all(302), admin: 200 },
  },
  {
    route: "/admin/clients/:clientId",
    method: "POST",
    path: "/admin/clients/{client}",
    body: "form",
    expect: { ...all(403), admin: 400 },
  },
  { route: "/admin/intake-form", method: "GET", path: "/admin/intake-form", expect: { ...all(302), admin: 200 } },
  {
    route: "/admin/intake-form",
    method: "POST",
    path: "/admin/intake-form",
    body: "form",
    expect: { ...all(403), admin: 400 },
  },
  {
    route: "/admin/bookings",
    method: "POST",
    path: "/admin/bookings",
    body: "form",
    expect: { ...all(302), admin: 400 },
  },
  // Booking for a client and moving a session (decision 045): the practitioner's alone.
  { route: "/admin/bookings/new", method: "GET", path: "/admin/bookings/new", expect: { ...all(302), admin: 200 } },
  {
    route: "/admin/bookings/new",
    method: "POST",
    path: "/admin/bookings/new",
    body: "form",
    expect: { ...all(302), admin: 400 },
  },
  {
    route: "/admin/bookings/:bookingId/move",
    method: "GET",
    path: "/admin/bookings/{booking}/move",
    expect: { ...all(302), admin: 200 },
  },
  {
    route: "/admin/bookings/:bookingId/move",
    method: "POST",
    path: "/admin/bookings/{booking}/move",
    body: "form",
    expect: { ...all(302), admin: 400 },
  },
  // The feed opens only with its current secret.
  { route: "/diary-feed/:token", method: "GET", path: "/diary-feed/{feed}.ics", expect: all(200) },
  {
    route: "/diary-feed/:token",
    method: "GET",
    path: "/diary-feed/not-the-secret-token-at-all.ics",
    expect: all(404),
  },
  // Nobody but the client cancels from My Sessions (others: it does not exist); the customer's click cancels it.
  {
    route: "/my-sessions/:bookingId",
    method: "POST",
    path: "/my-sessions/{booking}",
    body: "form-cancel",
    expect: { ...signedIn(302, 404), customer: 302 },
  },
  // Only the practitioner reaches a diary action; everyone else is sent away before the form is read.
  {
    route: "/admin/bookings",
    method: "POST",
    path: "/admin/bookings",
    body: "form-diary-cancel",
    expect: all(302),
  },
];

/** Clients' rights (decision 049) and testimonials (decision 050). */
export const rightsAndTestimonialEntries: Entry[] = [
  // Clients' rights (decision 049): her own pages; a post without what it needs is refused, never acted on.
  { route: "/account", method: "GET", path: "/account", expect: signedIn(302, 200) },
  { route: "/account", method: "POST", path: "/account", body: "form", expect: signedIn(302, 400) },
  { route: "/account/close", method: "GET", path: "/account/close", expect: signedIn(302, 200) },
  { route: "/account/close", method: "POST", path: "/account/close", body: "form", expect: signedIn(302, 400) },
  {
    route: "/account/confirm-email",
    method: "GET",
    path: "/account/confirm-email?token=x",
    expect: all(200),
  },
  { route: "/account/confirm-email", method: "POST", path: "/account/confirm-email", body: "form", expect: all(400) },
  {
    route: "/account/export/:exportId",
    method: "GET",
    path: "/account/export/00000000-0000-4000-8000-000000000000",
    expect: signedIn(302, 404),
  },
  { route: "/privacy/complaint", method: "GET", path: "/privacy/complaint", expect: all(200) },
  { route: "/privacy/complaint", method: "POST", path: "/privacy/complaint", body: "form", expect: all(400) },
  { route: "/admin/complaints", method: "GET", path: "/admin/complaints", expect: { ...all(302), admin: 200 } },
  {
    route: "/admin/complaints",
    method: "POST",
    path: "/admin/complaints",
    body: "form",
    expect: { ...all(403), admin: 400 },
  },
  { route: "/admin/close-account", method: "GET", path: "/admin/close-account", expect: { ...all(302), admin: 200 } },
  {
    route: "/admin/close-account",
    method: "POST",
    path: "/admin/close-account",
    body: "form",
    expect: { ...all(403), admin: 400 },
  },
  // Testimonials (decision 050): clients write them (the server decides who may), the owner decides.
  { route: "/testimonials/new", method: "GET", path: "/testimonials/new", expect: signedIn(302, 200) },
  { route: "/testimonials/new", method: "POST", path: "/testimonials/new", body: "form", expect: signedIn(302, 400) },
  { route: "/admin/testimonials", method: "GET", path: "/admin/testimonials", expect: { ...all(302), admin: 200 } },
  {
    route: "/admin/testimonials",
    method: "POST",
    path: "/admin/testimonials",
    body: "form",
    expect: { ...all(403), admin: 400 },
  },
];
