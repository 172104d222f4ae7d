import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { useActionToast } from "~/components/ui/use-action-toast";
import { requireAdmin, requireAdminWrite } from "~/features/accounts/get-session-user.server";
import { AdminNav } from "~/features/admin/admin-nav";
import { listComplaints, markComplaintAnswered } from "~/features/rights/complaints.server";
import { servicesContext } from "~/lib/context";
import { formatLongDate } from "~/lib/format-date";
import { intent, reference, runIntent } from "~/lib/forms/run-intent.server";
import { z } from "~/lib/zod";
import type { Route } from "./+types/admin-complaints";

export const meta: Route.MetaFunction = () => [
  { title: "Complaints | Sacred Healing" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(request, services);
  const now = Date.now();
  return {
    complaints: (await listComplaints(services)).map((c) => ({
      id: c.id,
      reference: c.reference,
      name: c.name,
      email: c.email,
      message: c.message,
      received: formatLongDate(c.createdAt),
      acknowledged: c.acknowledgedAt ? formatLongDate(c.acknowledgedAt) : null,
      acknowledgeBy: formatLongDate(c.acknowledgeBy),
      answerBy: formatLongDate(c.answerBy),
      answered: c.answeredAt ? formatLongDate(c.answeredAt) : null,
      late: !c.answeredAt && c.answerBy.getTime() < now,
    })),
  };
}

const intents = {
  answered: intent({
    schema: z.object({ id: reference(z.uuid(), "There is no such complaint.") }),
    handler: async ({ id }, { services }) => {
      await markComplaintAnswered(services, id);
      return { redirectTo: "/admin/complaints", toast: { title: "Success", description: "Marked as answered." } };
    },
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, { guard: requireAdminWrite });

export default function AdminComplaints({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { complaints } = loaderData;
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6">
        <h1 className="text-4xl">Data-protection complaints</h1>
        <p className="mt-1 text-muted">
          Each is acknowledged by e-mail when it arrives. Answer within 30 days, then mark it answered.
        </p>
        {complaints.length === 0 ? (
          <p className={cardClass("mt-8 p-8 text-center text-muted")}>No complaints.</p>
        ) : (
          <ul className="mt-8 space-y-3" aria-label="Complaints">
            {complaints.map((c) => (
              <li key={c.id} className={cardClass("space-y-2 p-5")}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold">
                    {c.reference} · {c.name} <span className="font-normal break-all text-muted">{c.email}</span>
                  </p>
                  <span
                    className={`rounded-full px-3 py-1 text-xs font-semibold ${
                      c.answered
                        ? "bg-green-100 text-green-900"
                        : c.late
                          ? "bg-red-100 text-red-900"
                          : "bg-gold-300/40 text-plum-900"
                    }`}
                  >
                    {c.answered ? `Answered ${c.answered}` : c.late ? "Overdue" : "Open"}
                  </span>
                </div>
                <p className="text-sm whitespace-pre-line">{c.message}</p>
                <p className="text-sm text-muted">
                  Received {c.received} ·{" "}
                  {c.acknowledged
                    ? `acknowledged ${c.acknowledged}`
                    : `not acknowledged: acknowledge by ${c.acknowledgeBy}`}{" "}
                  · answer by {c.answerBy}
                </p>
                {c.answered ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="answered" />
                    <input type="hidden" name="id" value={c.id} />
                    <button type="submit" className={buttonClass("secondary")}>
                      Mark answered<span className="sr-only"> {c.reference}</span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
