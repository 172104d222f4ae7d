import { data, Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { confirmEmailChange } from "~/features/accounts/change-email.server";
import { PageHero } from "~/layout/page-hero";
import { AppError, describeError } from "~/lib/app-error";
import { servicesContext } from "~/lib/context";
import { redirectWithToast } from "~/lib/flash.server";
import { readForm } from "~/lib/read-form.server";
import type { Route } from "./+types/account-confirm-email";

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your new e-mail | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

/** The link only shows a button: mail scanners that open links must not use it up. */
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const token = String((await readForm(request)).get("token") ?? "");
  try {
    const email = await confirmEmailChange(services, token);
    return redirectWithToast(
      "/account",
      { title: "E-mail changed", description: `Your account now uses ${email}.`, variant: "default" },
      services.env,
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { status, body } = describeError(error);
    return data({ message: body.message }, { status });
  }
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const refused = actionData;
  return (
    <>
      <PageHero title="Confirm your new e-mail" />
      <div className="mx-auto max-w-md px-4 pb-20 text-center sm:px-6">
        {refused?.message ? (
          <p role="alert" className={cardClass("p-6 text-red-900")}>
            {refused.message}{" "}
            <Link to="/account" className="underline">
              My Account
            </Link>
          </p>
        ) : (
          <Form method="post" className={cardClass("space-y-4 p-6")}>
            <input type="hidden" name="token" value={loaderData.token} />
            <p>Press the button to move your account to this address.</p>
            <button type="submit" className={buttonClass("primary")}>
              Confirm my new e-mail
            </button>
          </Form>
        )}
      </div>
    </>
  );
}
