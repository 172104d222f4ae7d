import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { showToast, type ToastInput } from "~/components/ui/toast";
import type { FieldErrors } from "~/features/accounts/auth-schemas";
import { resetPassword } from "~/features/accounts/reset-password.server";
import { PasswordField } from "~/features/accounts/ui/password-field";
import { servicesContext } from "~/lib/context";
import { flashOptions, setFlash } from "~/lib/flash.server";
import { readForm } from "~/lib/read-form.server";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

/** Better Auth sends the reset link here with ?token=… (or ?error=INVALID_TOKEN when it has expired). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    token: url.searchParams.get("token") ?? "",
    invalid: url.searchParams.has("error"),
    // From a confirmation link opened outside the browser that signed up (decision 028).
    welcome: url.searchParams.get("welcome") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const result = await resetPassword(services, { token: form.get("token"), password: form.get("password") });
  if (result.ok) {
    const flash = await setFlash(
      { title: "Password updated", description: "Please sign in with your new password.", variant: "default" },
      flashOptions(services.env),
    );
    throw redirect("/auth", { headers: { "Set-Cookie": flash } });
  }
  const toast: ToastInput =
    result.reason === "invalid-token"
      ? {
          title: "Authentication Error",
          description: "This reset link is invalid or has expired.",
          variant: "destructive",
        }
      : { title: "Authentication Error", description: Object.values(result.fieldErrors)[0], variant: "destructive" };
  return data(
    {
      fieldErrors: result.reason === "validation" ? result.fieldErrors : ({} as FieldErrors),
      toast,
      expired: result.reason === "invalid-token",
    },
    { status: 400 },
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const expired = loaderData.invalid || !loaderData.token || actionData?.expired;
  useEffect(() => {
    if (actionData?.toast) showToast(actionData.toast);
  }, [actionData]);

  return (
    <section className="bg-gradient-to-b from-plum-100 to-cream px-4 py-12 sm:py-20">
      <div className={cardClass("mx-auto max-w-md p-6 sm:p-8")}>
        <h1 className="text-center text-3xl">
          {loaderData.welcome ? "Choose your password" : "Choose a new password"}
        </h1>
        {loaderData.welcome && !expired ? (
          <p className="mt-2 text-center text-sm text-muted">
            Your email is confirmed. Choose the password you will sign in with to finish setting up your account.
          </p>
        ) : null}
        {expired ? (
          <div className="mt-6 space-y-4 text-center">
            <p className="text-muted">This reset link is invalid or has expired. You can ask for a new one.</p>
            <Link to="/auth?mode=forgot" className={buttonClass("primary")}>
              Send a new link
            </Link>
          </div>
        ) : (
          <Form method="post" className="mt-6 space-y-4">
            <input type="hidden" name="token" value={loaderData.token} />
            <PasswordField
              label="New password"
              error={actionData?.fieldErrors?.password}
              withChecklist
              autoComplete="new-password"
            />
            <button type="submit" className={buttonClass("primary", "w-full")} disabled={submitting}>
              {submitting ? "Processing..." : "Set New Password"}
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
