import { data, Form, Link, redirect, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { FormErrors, TextField } from "~/components/ui/form-fields";
import { requireUser } from "~/features/accounts/get-session-user.server";
import { closeAccount, previewAccountClosure } from "~/features/rights/close-account.server";
import { CLOSE_WORD } from "~/features/rights/close-word";
import { PageHero } from "~/layout/page-hero";
import { AppError, describeError } from "~/lib/app-error";
import { servicesContext } from "~/lib/context";
import { DEVICE_COOKIE } from "~/lib/device-cookie";
import { flashOptions, setFlash } from "~/lib/flash.server";
import { readForm } from "~/lib/read-form.server";
import type { Route } from "./+types/account-close";

export const meta: Route.MetaFunction = () => [
  { title: "Close my account | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const me = await requireUser(request, services);
  return { outcomes: await previewAccountClosure(services, me.id), word: CLOSE_WORD };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const me = await requireUser(request, services);
  const form = await readForm(request);
  try {
    await closeAccount(services, {
      userId: me.id,
      by: "client",
      word: String(form.get("word") ?? ""),
      password: String(form.get("password") ?? ""),
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { status, body } = describeError(error);
    return data({ message: body.message }, { status });
  }
  // Her sessions are gone with the account; the browser's cookie goes too.
  const { authCookies } = await services.auth.$context;
  const headers = new Headers();
  headers.append("Set-Cookie", `${authCookies.sessionToken.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  // The device cookie names her address (decision 043): it goes too.
  headers.append("Set-Cookie", `${DEVICE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  headers.append(
    "Set-Cookie",
    await setFlash(
      {
        title: "Account closed",
        description: "Your account is closed and your personal details are erased.",
        variant: "default",
      },
      flashOptions(services.env),
    ),
  );
  throw redirect("/", { headers });
}

export default function CloseAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { outcomes, word } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHero title="Close my account" />
      <div className="mx-auto max-w-2xl space-y-6 px-4 pb-20 sm:px-6">
        <section className={cardClass("p-6 sm:p-8")} aria-labelledby="happens-heading">
          <h2 id="happens-heading" className="text-2xl">
            What happens
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5" aria-label="What closing your account does">
            {outcomes.map((line) => (
              <li key={line}>{line}</li>
            ))}
            <li>Your name, e-mail address, password and preferences are erased, and you are signed out everywhere.</li>
            <li>
              The record of your orders, refunds and sessions is kept for 6 years, as UK tax law requires, without your
              name or e-mail address.
            </li>
            <li>
              Your downloads and Digital Access end. You can sign up again with the same address and start afresh.
            </li>
          </ul>
          <p className="mt-4 text-sm text-muted">
            You may want to{" "}
            <Link to="/account#my-data" className="underline">
              download your data
            </Link>{" "}
            first.
          </p>
        </section>
        <Form method="post" className={cardClass("space-y-4 p-6 sm:p-8")} noValidate>
          <FormErrors messages={actionData?.message ? [actionData.message] : []} />
          <TextField label="Your password" name="password" type="password" autoComplete="current-password" required />
          <TextField
            label={`Type ${word} to confirm`}
            name="word"
            autoComplete="off"
            required
            hint="This cannot be undone."
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={buttonClass("primary", "bg-red-800 hover:bg-red-900")} disabled={busy}>
              Close my account for good
            </button>
            <Link to="/account" className={buttonClass("secondary")}>
              Keep my account
            </Link>
          </div>
        </Form>
      </div>
    </>
  );
}
