import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { useActionToast } from "~/components/ui/use-action-toast";
import { requireAdmin, requireAdminWrite } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { ConfirmActionDialog } from "~/features/admin/confirm-action-dialog";
import { withClaimsWarning } from "~/features/claims/find-claims";
import {
  decideTestimonial,
  decisionMessages,
  withdrawTestimonial,
} from "~/features/testimonials/decide-testimonial.server";
import { listTestimonialsForOwner } from "~/features/testimonials/list-testimonials.server";
import { INCENTIVE_LABEL, topicLabel } from "~/features/testimonials/model";
import { servicesContext } from "~/lib/context";
import { formatLongDate } from "~/lib/format-date";
import { intent, reference, runIntent } from "~/lib/forms/run-intent.server";
import { z } from "~/lib/zod";
import type { Route } from "./+types/admin-testimonials";

export const meta: Route.MetaFunction = () => [
  { title: "Testimonials | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  return { testimonials: await listTestimonialsForOwner(services.database.db) };
}

const idSchema = z.object({ id: reference(z.uuid(), decisionMessages.notFound) });

/** Approve or reject: she cannot edit or write one (decision 050). */
const decide = (decision: "approved" | "rejected") =>
  intent({
    schema: idSchema,
    handler: async ({ id }, { services, request }) => {
      const admin = await requireAdminWrite(request, services);
      const { body } = await decideTestimonial(services, admin, id, decision);
      const toast = { title: "Success", description: decisionMessages[decision] };
      // Published as written: words that may make a health claim are worth her second look.
      return {
        redirectTo: "/admin/testimonials",
        toast: decision === "approved" ? withClaimsWarning(toast, [body]) : toast,
      };
    },
  });

const intents = {
  approve: decide("approved"),
  reject: decide("rejected"),
  withdraw: intent({
    schema: idSchema,
    handler: async ({ id }, { services, request }) => {
      const admin = await requireAdminWrite(request, services);
      await withdrawTestimonial(services, admin, id);
      return {
        redirectTo: "/admin/testimonials",
        toast: { title: "Success", description: decisionMessages.withdrawn },
      };
    },
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, { guard: requireAdminWrite });

const STATUS_STYLE = {
  pending: "bg-gold-300/40 text-plum-900",
  approved: "bg-green-100 text-green-900",
  rejected: "bg-plum-100 text-plum-800",
  withdrawn: "bg-plum-100 text-plum-800",
} as const;
const STATUS_LABEL = {
  pending: "Waiting",
  approved: "Approved",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
} as const;
const ACTION_LABEL = {
  submitted: "Written by",
  approved: "Approved by",
  rejected: "Rejected by",
  withdrawn: "Withdrawn by",
} as const;

export default function AdminTestimonials({ loaderData, actionData }: Route.ComponentProps) {
  const { testimonials } = loaderData;
  useActionToast(actionData);
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6">
        <h1 className="text-4xl">Testimonials</h1>
        <p className="mt-1 text-muted">
          Written by clients who bought or attended. Approve to publish as written, or reject; an approved one can be
          withdrawn later. Every decision is logged.
        </p>
        {testimonials.length === 0 ? (
          <p className={cardClass("mt-8 p-8 text-center text-muted")}>No testimonials yet.</p>
        ) : (
          <ul className="mt-8 space-y-4" aria-label="Testimonials">
            {testimonials.map((t) => (
              <li key={t.id} className={cardClass("p-5")}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold">
                    {t.firstName} <span className="font-normal break-all text-muted">({t.email})</span>
                  </p>
                  <span className={`rounded-full px-3 py-1 text-xs font-semibold ${STATUS_STYLE[t.status]}`}>
                    {STATUS_LABEL[t.status]}
                  </span>
                </div>
                <p className="mt-1 text-sm text-muted">
                  {topicLabel[t.topic]} · {formatLongDate(t.writtenAt)}
                </p>
                <blockquote className="mt-3 whitespace-pre-line">“{t.body}”</blockquote>
                {t.incentivised ? <p className="mt-2 text-sm font-semibold text-amber-900">{INCENTIVE_LABEL}</p> : null}
                <ul className="mt-3 space-y-1 text-xs text-muted" aria-label="Log">
                  {t.log.map((entry) => (
                    <li key={`${entry.action}-${entry.at}`}>
                      {ACTION_LABEL[entry.action]} {entry.by}, {formatLongDate(entry.at)}{" "}
                      {new Date(entry.at).toLocaleTimeString("en-GB", {
                        hour: "2-digit",
                        minute: "2-digit",
                        timeZone: "Europe/London",
                      })}
                    </li>
                  ))}
                </ul>
                {t.status === "pending" ? (
                  <Form method="post" className="mt-4 flex flex-wrap gap-2">
                    <input type="hidden" name="id" value={t.id} />
                    <button type="submit" name="intent" value="approve" className={buttonClass("primary")}>
                      Approve
                    </button>
                    <button type="submit" name="intent" value="reject" className={buttonClass("secondary")}>
                      Reject
                    </button>
                  </Form>
                ) : t.status === "approved" ? (
                  // Approved by mistake, or the client asked: off the site, kept in the list and the log.
                  <div className="mt-4">
                    <ConfirmActionDialog
                      trigger="Withdraw from the site"
                      triggerLabel={`Withdraw from the site: ${t.firstName}'s testimonial`}
                      triggerClassName={buttonClass("secondary")}
                      title="Withdraw this testimonial?"
                      description="It leaves the site at once, for good: it stays in this list, marked withdrawn, and cannot be published again."
                      confirm="Withdraw"
                      busy="Withdrawing..."
                      fields={{ intent: "withdraw", id: t.id }}
                    />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
