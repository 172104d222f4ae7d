import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { noticeClass } from "~/components/ui/notice";
import { showToast, type ToastInput } from "~/components/ui/toast";
import { type FieldErrors, firstMessage, safeRedirect } from "~/features/accounts/auth-schemas";
import { getSessionUser } from "~/features/accounts/get-session-user.server";
import { signUpCookie } from "~/features/accounts/pending-sign-up.server";
import { sendAccountEmail } from "~/features/accounts/send-account-email.server";
import { signIn } from "~/features/accounts/sign-in.server";
import { signUp } from "~/features/accounts/sign-up.server";
import { AuthForm, type Mode } from "~/features/accounts/ui/auth-form";
import { LockoutBanner, lockoutMinutes, useLockout } from "~/features/accounts/ui/lockout-banner";
import { siteFrom, useSite } from "~/features/site-settings/use-site";
import { requestContext, servicesContext } from "~/lib/context";
import { flashOptions, setFlash } from "~/lib/flash.server";
import { readForm } from "~/lib/read-form.server";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/auth";

const modeOf = (value: string | null): Mode => (value === "signup" || value === "forgot" ? value : "signin");

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Sign In",
    description: `Sign in to ${siteFrom(matches).brand} or create an account to buy and download digital guides.`,
    path: "/auth",
    origin: originFrom(matches),
    site: siteFrom(matches),
  }),
  { name: "robots", content: "noindex" },
];

/** The action's Retry-After (lockouts) reaches the browser on a no-JavaScript post too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context.get(servicesContext));
  if (user) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

type ActionResult = {
  mode: Mode;
  fieldErrors?: FieldErrors;
  toast?: ToastInput;
  /** Seconds left in a lockout, and when the server said so. */
  lockout?: { seconds: number; issuedAt: number };
  /** Offer 'Resend verification email' for this address. */
  unverifiedEmail?: string;
  notice?: string;
};

const authError = (description: string): ToastInput => ({
  title: "Authentication Error",
  description,
  variant: "destructive",
});

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { clientIp: ip } = context.get(requestContext);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const field = (name: string) => (typeof form.get(name) === "string" ? String(form.get(name)) : "");
  const client = { request, ip };
  const locked = (mode: Mode, seconds: number) =>
    data<ActionResult>(
      {
        mode,
        lockout: { seconds, issuedAt: Date.now() },
        toast: {
          title: "Too Many Attempts",
          description: `Please wait ${lockoutMinutes(seconds)} minutes before trying again.`,
          variant: "destructive",
        },
      },
      { status: 429, headers: { "Retry-After": String(seconds) } },
    );

  if (intent === "signin") {
    const result = await signIn(services, { email: field("email"), password: field("password") }, client);
    if (result.ok) {
      const headers = new Headers();
      for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
      headers.append(
        "Set-Cookie",
        await setFlash(
          { title: "Sign in successful", description: "Welcome back!", variant: "default" },
          flashOptions(services.env),
        ),
      );
      throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")), { headers });
    }
    switch (result.reason) {
      case "validation":
        return data<ActionResult>(
          { mode: "signin", fieldErrors: result.fieldErrors, toast: authError(firstMessage(result.fieldErrors)) },
          { status: 400 },
        );
      case "locked":
        return locked("signin", result.retryAfterSeconds);
      case "invalid":
        return data<ActionResult>(
          { mode: "signin", toast: authError("Invalid email or password. Please check your credentials.") },
          { status: 401 },
        );
      case "unverified":
        return data<ActionResult>(
          {
            mode: "signin",
            unverifiedEmail: result.email,
            toast: authError("Please check your email and click the confirmation link."),
          },
          { status: 403 },
        );
      default:
        return data<ActionResult>(
          { mode: "signin", toast: authError("An unexpected error occurred. Please try again.") },
          { status: 500 },
        );
    }
  }

  if (intent === "signup") {
    const result = await signUp(
      services,
      { fullName: field("fullName"), email: field("email"), password: field("password") },
      client,
      // The confirmation link signs them in and brings them back where they were going (a chosen session).
      safeRedirect(new URL(request.url).searchParams.get("redirectTo")),
    );
    if (result.ok) {
      const secure = services.env.PUBLIC_URL.startsWith("https://");
      return data<ActionResult>(
        {
          mode: "signup",
          notice: `We've sent a confirmation link to ${result.email}. Please open it to activate your account.`,
          toast: { title: "Account created!", description: "Please check your email to verify your account." },
        },
        { headers: { "Set-Cookie": signUpCookie(result.browserKey, secure) } },
      );
    }
    switch (result.reason) {
      case "validation":
        return data<ActionResult>(
          { mode: "signup", fieldErrors: result.fieldErrors, toast: authError(firstMessage(result.fieldErrors)) },
          { status: 400 },
        );
      case "locked":
        return locked("signup", result.retryAfterSeconds);
      case "exists":
        return data<ActionResult>(
          { mode: "signup", toast: authError("An account with this email already exists. Please sign in instead.") },
          { status: 409 },
        );
      case "weak-password":
        return data<ActionResult>(
          { mode: "signup", toast: authError("Password does not meet security requirements.") },
          { status: 400 },
        );
      default:
        return data<ActionResult>(
          { mode: "signup", toast: authError("Unable to create account. Please try again.") },
          { status: 500 },
        );
    }
  }

  if (intent === "resend" || intent === "forgot") {
    const mode: Mode = intent === "forgot" ? "forgot" : "signin";
    const result = await sendAccountEmail(
      services,
      intent === "forgot" ? "password-reset" : "verification",
      { email: field("email") },
      client,
    );
    if (!result.ok && result.reason === "locked") return locked(mode, result.retryAfterSeconds);
    if (!result.ok) {
      return data<ActionResult>(
        { mode, fieldErrors: result.fieldErrors, toast: authError(firstMessage(result.fieldErrors)) },
        { status: 400 },
      );
    }
    const notice =
      intent === "forgot"
        ? "If an account exists for that email, we've sent a link to reset your password. It works once and expires in one hour."
        : "If that account still needs confirming, we've sent a new confirmation link.";
    return data<ActionResult>({ mode, notice, toast: { title: "Check your email", description: notice } });
  }

  return data<ActionResult>(
    { mode: "signin", toast: authError("An unexpected error occurred. Please try again.") },
    { status: 400 },
  );
}

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const mode = actionData?.mode ?? modeOf(searchParams.get("mode"));
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const remaining = useLockout(actionData?.lockout?.seconds, actionData?.lockout?.issuedAt);
  const isLocked = remaining > 0;

  useEffect(() => {
    if (actionData?.toast) showToast(actionData.toast);
  }, [actionData]);

  const linkFor = (next: Mode) => {
    const params = new URLSearchParams(searchParams);
    if (next === "signin") params.delete("mode");
    else params.set("mode", next);
    const query = params.toString();
    return query ? `?${query}` : "?";
  };

  const site = useSite();
  const title = mode === "signup" ? `Join ${site.brand}` : mode === "forgot" ? "Reset your password" : "Welcome Back";
  // Sent here from booking: the words are about their session, not the shop's downloads.
  const booking = searchParams.get("redirectTo")?.startsWith("/book/") ?? false;

  return (
    <section className="bg-gradient-to-b from-plum-100 to-cream px-4 py-12 sm:py-20">
      <div className={cardClass("mx-auto max-w-md p-6 sm:p-8")}>
        <h1 className="text-center text-3xl">{title}</h1>
        <p className="mt-2 text-center text-sm text-muted">
          {mode === "signup"
            ? booking
              ? "Create an account to book your session. Confirm your e-mail and you come straight back to the time you chose."
              : "Create an account to buy and download your sacred guides."
            : mode === "forgot"
              ? "Enter your email and we'll send you a link to choose a new password."
              : booking
                ? "Sign in to book your session. You come straight back to the time you chose."
                : "Sign in to access your sacred downloads."}
        </p>

        {isLocked ? (
          <div className="mt-6">
            <LockoutBanner seconds={remaining} />
          </div>
        ) : null}

        {actionData?.notice ? (
          <p role="status" className={noticeClass("success", "mt-6")}>
            {actionData.notice}
          </p>
        ) : null}

        <AuthForm
          key={mode}
          mode={mode}
          locked={isLocked}
          submitting={submitting}
          serverErrors={actionData?.mode === mode ? actionData?.fieldErrors : undefined}
        />

        {actionData?.unverifiedEmail && !isLocked ? (
          <Form method="post" className="mt-4 text-center">
            <input type="hidden" name="email" value={actionData.unverifiedEmail} />
            <button
              type="submit"
              name="intent"
              value="resend"
              className={buttonClass("secondary", "w-full")}
              disabled={submitting}
            >
              Resend verification email
            </button>
          </Form>
        ) : null}

        {/* Each link on its own line, tall enough to tap without catching its neighbour. */}
        <div className="mt-6 flex flex-col items-center gap-1 text-center text-sm">
          {mode === "signin" ? (
            <p>
              {/* Open in a lockout too: resetting the password is the way out of one (the spec locks
                  the inputs and the sign-in/sign-up toggle only). */}
              <ModeLink to={linkFor("forgot")} disabled={false}>
                Forgot password?
              </ModeLink>
            </p>
          ) : null}
          <p>
            {mode === "signup" || mode === "forgot" ? (
              <ModeLink to={linkFor("signin")} disabled={isLocked}>
                Already have an account? Sign in
              </ModeLink>
            ) : (
              <ModeLink to={linkFor("signup")} disabled={isLocked}>
                Don't have an account? Sign up
              </ModeLink>
            )}
          </p>
          <p>
            <Link to="/" className="inline-block py-2 text-muted underline hover:text-plum-700">
              Back to home
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}

function ModeLink({ to, disabled, children }: { to: string; disabled: boolean; children: React.ReactNode }) {
  if (disabled) {
    return (
      <button type="button" disabled className="inline-block cursor-not-allowed py-2 font-medium text-gray-500">
        {children}
      </button>
    );
  }
  return (
    <Link to={to} replace className="inline-block py-2 font-medium text-plum-700 underline hover:text-plum-900">
      {children}
    </Link>
  );
}
