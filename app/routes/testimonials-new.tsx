import { and, eq } from "drizzle-orm";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { CheckboxField, FormErrors, messagesOf, TextAreaField } from "~/components/ui/form-fields";
import { useActionToast } from "~/components/ui/use-action-toast";
import { requireUser } from "~/features/accounts/get-session-user.server";
import { findTestimonialBasis } from "~/features/testimonials/find-testimonial-basis.server";
import {
  TESTIMONIAL_LIMITS,
  TESTIMONIAL_TOPICS,
  type TestimonialTopic,
  testimonialMessages,
  topicLabel,
} from "~/features/testimonials/model";
import { submitTestimonial } from "~/features/testimonials/submit-testimonial.server";
import { testimonialFormSchema } from "~/features/testimonials/testimonial-schema";
import { servicesContext } from "~/lib/context";
import { testimonials } from "~/lib/db/schema.server";
import { refusalOf, valuesFrom } from "~/lib/forms/action-data";
import { intent, runIntent } from "~/lib/forms/run-intent.server";
import type { Route } from "./+types/testimonials-new";

export const meta: Route.MetaFunction = () => [
  { title: "Leave a Testimonial" },
  { name: "robots", content: "noindex" },
];

/** Which topics this client may write about; what stands in the way if none (decision 050). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const account = await requireUser(request, services);
  const { db } = services.database;
  if (account.isAdmin) return { topics: [], blocked: testimonialMessages.ownerCannotWrite };
  const [waiting] = await db
    .select({ id: testimonials.id })
    .from(testimonials)
    .where(and(eq(testimonials.userId, account.id), eq(testimonials.status, "pending")));
  if (waiting) return { topics: [], blocked: testimonialMessages.alreadyPending };
  const topics: TestimonialTopic[] = [];
  for (const topic of TESTIMONIAL_TOPICS) {
    if (await findTestimonialBasis(db, account.id, topic)) topics.push(topic);
  }
  return { topics, blocked: topics.length ? null : testimonialMessages.notEligible };
}

const intents = {
  send: intent({
    schema: testimonialFormSchema,
    handler: async (form, { services, request }) => {
      // The page shows the form only to a client; the server checks again, whatever was posted.
      const account = await requireUser(request, services);
      await submitTestimonial(services, account, form);
      return {
        redirectTo: "/testimonials/new",
        toast: { title: "Thank you", description: testimonialMessages.thanks },
      };
    },
  }),
};

export const action = ({ request, context }: Route.ActionArgs) =>
  runIntent(request, context.get(servicesContext), intents, {
    guard: requireUser,
    defaultIntent: "send",
    refusedTitle: "Testimonial not sent",
  });

export default function LeaveTestimonial({ loaderData, actionData }: Route.ComponentProps) {
  const { topics, blocked } = loaderData;
  useActionToast(actionData);
  const refused = refusalOf(actionData, "send");
  const values = valuesFrom({ topic: topics[0] ?? "", body: "", incentivised: false }, refused?.submitted);
  const errors = refused?.fieldErrors ?? {};
  return (
    <div className="mx-auto max-w-2xl px-4 pt-12 pb-20 sm:px-6">
      <h1 className="text-4xl">Leave a Testimonial</h1>
      <p className="mt-3 text-lg text-muted">
        Tell others about your experience. Every testimonial is read before it is published, and is published as you
        wrote it, with your first name and the date. Read our{" "}
        <Link to="/review-policy" className="font-semibold text-plum-800 underline">
          review policy
        </Link>
        .
      </p>
      {blocked ? (
        <p role="status" className="mt-8 rounded-xl border border-plum-200 bg-plum-50 p-4">
          {blocked}
        </p>
      ) : (
        <Form method="post" noValidate className="mt-8 space-y-6">
          <FormErrors messages={refused ? (refused.errors.length ? refused.errors : messagesOf(errors)) : []} />
          <fieldset>
            <legend className="text-sm font-semibold text-plum-900">What is it about?</legend>
            <div className="mt-2 space-y-2">
              {topics.map((topic) => (
                <label key={topic} className="flex items-center gap-2">
                  <input type="radio" name="topic" value={topic} defaultChecked={values.topic === topic} />
                  {topicLabel[topic]}
                </label>
              ))}
            </div>
          </fieldset>
          <TextAreaField
            label="Your testimonial"
            name="body"
            rows={6}
            required
            maxLength={TESTIMONIAL_LIMITS.bodyMax}
            defaultValue={values.body}
            error={errors.body}
            hint={`Between ${TESTIMONIAL_LIMITS.bodyMin} and ${TESTIMONIAL_LIMITS.bodyMax} characters. Please do not include anyone's health details.`}
          />
          <CheckboxField
            name="incentivised"
            label="I was given something for writing this (a discount, a gift or a free session)"
            defaultChecked={values.incentivised}
            className="flex items-start gap-2 text-sm"
            inputClassName="mt-1"
          />
          <CheckboxField
            name="consent"
            label="This is my own honest experience, and it may be published with my first name and the date."
            className="flex items-start gap-2 text-sm"
            inputClassName="mt-1"
          />
          <button type="submit" className={buttonClass("primary")}>
            Send Testimonial
          </button>
        </Form>
      )}
    </div>
  );
}
