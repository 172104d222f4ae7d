import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { CheckboxField, FormErrors, messagesOf, TextField } from "~/components/ui/form-fields";
import { useActionToast } from "~/components/ui/use-action-toast";
import { emailSchema, fullNameSchema, signUpPasswordSchema } from "~/features/accounts/auth-schemas";
import { emailChangeMessages, requestEmailChange } from "~/features/accounts/change-email.server";
import { changeName } from "~/features/accounts/change-name.server";
import { changePassword } from "~/features/accounts/change-password.server";
import { describeDevice, listDevices, signOutDevice } from "~/features/accounts/devices.server";
import { requireUser } from "~/features/accounts/get-session-user.server";
import { PasswordField } from "~/features/accounts/ui/password-field";
import { getMailPreferences, saveMailPreferences } from "~/features/rights/mail-preferences.server";
import { exportPath, listDataExports, requestDataExport } from "~/features/rights/request-data-export.server";
import { PageHero } from "~/layout/page-hero";
import { servicesContext } from "~/lib/context";
import { redirectWithToast } from "~/lib/flash.server";
import { formatLongDate } from "~/lib/format-date";
import { refusalOf } from "~/lib/forms/action-data";
import { intent, reference, runIntent } from "~/lib/forms/run-intent.server";
import { RETENTION } from "~/lib/retention-periods";
import { z } from "~/lib/zod";
import { formatSessionTime } from "~/lib/zoned-time";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [
  { title: "My Account | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const me = await requireUser(request, services);
  const current = await services.auth.api.getSession({ headers: request.headers });
  const [devices, preferences, exports] = await Promise.all([
    listDevices(services, me.id, current?.session.token ?? null),
    getMailPreferences(services, me.id),
    listDataExports(services, me.id),
  ]);
  return {
    name: me.name,
    email: me.email,
    devices: devices.map((d) => ({
      id: d.id,
      current: d.current,
      what: describeDevice(d.userAgent),
      signedIn: formatSessionTime(new Date(d.signedInAt)),
      lastSeen: formatSessionTime(new Date(d.lastSeenAt)),
    })),
    preferences,
    exports: exports.map((e) => ({
      href: exportPath(e.id),
      made: formatSessionTime(e.createdAt),
      until: formatLongDate(e.expiresAt),
    })),
  };
}

const done = (description: string) => ({ redirectTo: "/account", toast: { title: "Saved", description } });

const intents = {
  name: intent({
    schema: z.object({ fullName: fullNameSchema }),
    handler: async ({ fullName }, { request, services }) => {
      const me = await requireUser(request, services);
      await changeName(services, me.id, fullName);
      return done("Your name is updated.");
    },
  }),
  email: intent({
    schema: z.object({ email: emailSchema }),
    handler: async ({ email }, { request, services }) => {
      const me = await requireUser(request, services);
      await requestEmailChange(services, me, email);
      return {
        redirectTo: "/account",
        toast: { title: "Check your inbox", description: emailChangeMessages.sent(email) },
      };
    },
    errorFields: { invalid_request: "email", rate_limited: "email" },
  }),
  password: intent({
    schema: z.object({
      currentPassword: z
        .string({ error: "Please enter your current password." })
        .min(1, "Please enter your current password."),
      password: signUpPasswordSchema,
    }),
    handler: async ({ currentPassword, password }, { request, services }) => {
      const me = await requireUser(request, services);
      const headers = await changePassword(services, me, { currentPassword, newPassword: password }, request.headers);
      const response = await redirectWithToast(
        "/account",
        { title: "Password changed", description: "Every other device has been signed out.", variant: "default" },
        services.env,
      );
      // This browser's new session (the old one ended with the others).
      for (const cookie of headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
      return response;
    },
    errorFields: { invalid_request: "currentPassword", rate_limited: "currentPassword" },
  }),
  "sign-out-device": intent({
    schema: z.object({ sessionId: reference(z.string().min(1).max(100), "That device is already signed out.") }),
    handler: async ({ sessionId }, { request, services }) => {
      const me = await requireUser(request, services);
      await signOutDevice(services, me.id, sessionId);
      return { redirectTo: "/account", toast: { title: "Signed out", description: "That device is signed out." } };
    },
  }),
  preferences: intent({
    schema: z.object({ sessionReminders: z.literal("on").optional() }),
    handler: async ({ sessionReminders }, { request, services }) => {
      const me = await requireUser(request, services);
      await saveMailPreferences(services, me.id, { sessionReminders: sessionReminders === "on" });
      return done("Your e-mail preferences are saved.");
    },
  }),
  export: intent({
    schema: z.object({}),
    handler: async (_input, { request, services }) => {
      const me = await requireUser(request, services);
      await requestDataExport(services, me);
      return {
        redirectTo: "/account#my-data",
        toast: {
          title: "Your data is ready",
          description: `Download it below, or from the link we e-mailed you, within ${RETENTION.dataExportDays} days.`,
        },
      };
    },
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, { guard: requireUser });

const section = cardClass("p-6 sm:p-8");

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { name, email, devices, preferences, exports } = loaderData;
  useActionToast(actionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const refused = (which: string) => refusalOf(actionData, which)?.fieldErrors ?? {};
  return (
    <>
      <PageHero title="My Account" intro="Your details, where you are signed in, your e-mails and your data.">
        <Link to="/my-purchases" className={buttonClass("secondary")}>
          My Sacred Downloads
        </Link>
        <Link to="/my-sessions" className={buttonClass("secondary")}>
          My Sessions
        </Link>
      </PageHero>
      <div className="mx-auto max-w-3xl space-y-8 px-4 pb-20 sm:px-6">
        <section className={section} aria-labelledby="details-heading">
          <h2 id="details-heading" className="text-2xl">
            Your details
          </h2>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="name" />
            <TextField
              // A new key once saved: the field then shows the name as kept (tidied), not as typed.
              key={name}
              label="Full name"
              name="fullName"
              defaultValue={name}
              autoComplete="name"
              required
              error={refused("name").fullName}
            />
            <button type="submit" className={buttonClass("primary")} disabled={busy}>
              Save name
            </button>
          </Form>
          <Form method="post" className="mt-8 space-y-4" noValidate>
            <input type="hidden" name="intent" value="email" />
            <TextField
              label="E-mail address"
              name="email"
              type="email"
              defaultValue={email}
              autoComplete="email"
              required
              hint="We send a link to the new address; your account moves there only when you open it, and we tell your current address."
              error={refused("email").email}
            />
            <button type="submit" className={buttonClass("primary")} disabled={busy}>
              Change e-mail
            </button>
          </Form>
        </section>

        <section className={section} aria-labelledby="password-heading">
          <h2 id="password-heading" className="text-2xl">
            Password
          </h2>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="password" />
            <FormErrors messages={messagesOf(refused("password"))} />
            <TextField
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              error={refused("password").currentPassword}
            />
            <PasswordField
              label="New password"
              autoComplete="new-password"
              withChecklist
              error={refused("password").password}
            />
            <p className="text-sm text-muted">Changing your password signs you out on every other device.</p>
            <button type="submit" className={buttonClass("primary")} disabled={busy}>
              Change password
            </button>
          </Form>
        </section>

        <section className={section} aria-labelledby="devices-heading">
          <h2 id="devices-heading" className="text-2xl">
            Where you are signed in
          </h2>
          <ul className="mt-4 divide-y divide-plum-100" aria-label="Signed-in devices">
            {devices.map((device) => (
              <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-semibold">
                    {device.what}
                    {device.current ? <span className="ml-2 text-sm font-normal text-muted">(this device)</span> : null}
                  </p>
                  <p className="text-sm text-muted">
                    Signed in {device.signedIn} · last seen {device.lastSeen}
                  </p>
                </div>
                {device.current ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="sign-out-device" />
                    <input type="hidden" name="sessionId" value={device.id} />
                    <button type="submit" className={buttonClass("secondary")} disabled={busy}>
                      Sign out<span className="sr-only"> {device.what}</span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </section>

        <section className={section} aria-labelledby="emails-heading">
          <h2 id="emails-heading" className="text-2xl">
            E-mails
          </h2>
          <p className="mt-2 text-sm text-muted">
            Receipts, booking confirmations and changes, and messages about your account are always sent.
          </p>
          <Form method="post" className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="preferences" />
            <CheckboxField
              name="sessionReminders"
              label="Remind me by e-mail the day before a booked session"
              defaultChecked={preferences.sessionReminders}
            />
            <button type="submit" className={buttonClass("primary")} disabled={busy}>
              Save e-mail preferences
            </button>
          </Form>
        </section>

        <section className={section} id="my-data" aria-labelledby="data-heading">
          <h2 id="data-heading" className="text-2xl">
            Your data
          </h2>
          <p className="mt-2 text-muted">
            Download a copy of everything we hold about you (your account, orders, refunds, sessions, membership and
            receipts) as one JSON file. It is kept for {RETENTION.dataExportDays} days, and we e-mail you a link to it.
          </p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="export" />
            <button type="submit" className={buttonClass("primary")} disabled={busy}>
              Prepare my data
            </button>
          </Form>
          {exports.length > 0 ? (
            <ul className="mt-4 space-y-2" aria-label="Your data files">
              {exports.map((file) => (
                <li key={file.href}>
                  <a href={file.href} className="font-semibold text-plum-800 underline" download>
                    Download my data ({file.made})
                  </a>
                  <span className="text-sm text-muted"> · until {file.until}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        <section className={section} aria-labelledby="close-heading">
          <h2 id="close-heading" className="text-2xl">
            Close my account
          </h2>
          <p className="mt-2 text-muted">
            Closing your account cancels your future sessions under our Refund Policy, ends your membership and erases
            your personal details. You will see exactly what happens before you confirm.
          </p>
          <Link to="/account/close" className={buttonClass("secondary", "mt-4 inline-flex")}>
            Close my account
          </Link>
        </section>
        <p className="text-center text-sm text-muted">
          Unhappy with how we use your data?{" "}
          <Link to="/privacy/complaint" className="underline">
            Make a data-protection complaint
          </Link>
          .
        </p>
      </div>
    </>
  );
}
