import { eq } from "drizzle-orm";
import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { TextField } from "~/components/ui/form-fields";
import { useActionToast } from "~/components/ui/use-action-toast";
import { emailSchema } from "~/features/accounts/auth-schemas";
import { requireAdmin, requireAdminWrite } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { closeAccount, previewAccountClosure } from "~/features/rights/close-account.server";
import { CLOSE_WORD } from "~/features/rights/close-word";
import { AppError } from "~/lib/app-error";
import { servicesContext } from "~/lib/context";
import { user } from "~/lib/db/schema.server";
import { refusalOf } from "~/lib/forms/action-data";
import { intent, reference, runIntent } from "~/lib/forms/run-intent.server";
import { z } from "~/lib/zod";
import type { Route } from "./+types/admin-close-account";

export const meta: Route.MetaFunction = () => [
  { title: "Close a client's account | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

/** The owner closes an account at the client's request (art. 17), by the same rules as the client's own page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const me = await requireAdmin(request, services);
  const asked = new URL(request.url).searchParams.get("email");
  if (!asked) return { asked: "", found: null };
  const email = emailSchema.safeParse(asked);
  if (!email.success) return { asked, found: null };
  const [client] = await services.database.db.select().from(user).where(eq(user.email, email.data));
  if (!client || client.id === me.id) return { asked, found: null };
  return {
    asked,
    found: {
      id: client.id,
      name: client.name,
      email: client.email,
      outcomes: await previewAccountClosure(services, client.id),
    },
  };
}

const intents = {
  close: intent({
    schema: z.object({
      userId: reference(z.string().min(1).max(100), "There is no such account."),
      word: z.string({ error: `Please type ${CLOSE_WORD} to confirm.` }),
    }),
    handler: async ({ userId, word }, { request, services }) => {
      const me = await requireAdmin(request, services);
      if (userId === me.id) throw new AppError("invalid_request", "You cannot close your own account here.");
      await closeAccount(services, { userId, by: "owner", word });
      return {
        redirectTo: "/admin/close-account",
        toast: {
          title: "Account closed",
          description: "The client's account is closed and their personal details erased.",
        },
      };
    },
    errorFields: { invalid_request: "word" },
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, { guard: requireAdminWrite });

export default function AdminCloseAccount({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { asked, found } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refused = refusalOf(actionData, "close");
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-3xl space-y-6 px-4 pt-10 pb-20 sm:px-6">
        <h1 className="text-4xl">Close a client's account</h1>
        <p className="text-muted">
          When a client asks you to erase their data, close their account here. The same rules apply as when they close
          it themselves: future sessions are cancelled under the Refund Policy, membership ends, personal details are
          erased, and the financial records stay for 6 years without their name.
        </p>
        <Form method="get" className={cardClass("flex flex-wrap items-end gap-3 p-5")}>
          <TextField
            label="Client's e-mail address"
            name="email"
            type="email"
            defaultValue={asked}
            className="min-w-64 flex-1"
          />
          <button type="submit" className={buttonClass("secondary")}>
            Find account
          </button>
        </Form>
        {asked && !found ? <p className={cardClass("p-5")}>No client account has that e-mail address.</p> : null}
        {found ? (
          <section className={cardClass("space-y-4 p-6")} aria-labelledby="closing-heading">
            <h2 id="closing-heading" className="text-2xl">
              {found.name} <span className="text-base break-all text-muted">{found.email}</span>
            </h2>
            <ul className="list-disc space-y-1 pl-5">
              {found.outcomes.map((line) => (
                <li key={line}>{line}</li>
              ))}
              <li>Personal details erased; orders, refunds and sessions kept for 6 years without the name.</li>
            </ul>
            <Form method="post" className="space-y-3" noValidate>
              <input type="hidden" name="intent" value="close" />
              <input type="hidden" name="userId" value={found.id} />
              <TextField
                label={`Type ${CLOSE_WORD} to confirm`}
                name="word"
                autoComplete="off"
                required
                error={refused?.fieldErrors.word}
              />
              <button type="submit" className={buttonClass("primary", "bg-red-800 hover:bg-red-900")} disabled={busy}>
                Close this account
              </button>
            </Form>
          </section>
        ) : null}
        <p className="text-sm text-muted">
          <Link to="/admin/complaints" className="underline">
            Data-protection complaints
          </Link>
        </p>
      </div>
    </>
  );
}
