import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";

/** The private calendar-feed address of the diary: shown, replaced, or switched off. */
export function CalendarFeedCard({ feedUrl, busy }: { feedUrl: string | null; busy: boolean }) {
  return (
    <section className={cardClass("p-5")} aria-labelledby="feed-heading">
      <h2 id="feed-heading" className="text-2xl">
        Calendar feed
      </h2>
      <p className="mt-2 text-sm text-muted">
        Subscribe to this private address from your phone's calendar to see your sessions there. Anyone with the address
        can read the diary: make a new one if it is ever shared.
      </p>
      {feedUrl ? (
        <p className="mt-3 rounded-lg bg-plum-100 p-3 font-mono text-xs break-all" data-testid="feed-url">
          {feedUrl}
        </p>
      ) : (
        <p className="mt-3 text-sm">The feed is off.</p>
      )}
      <Form method="post" className="mt-4 flex flex-wrap gap-2">
        <button type="submit" name="intent" value="feed-new" className={buttonClass("secondary")} disabled={busy}>
          {feedUrl ? "Make a new address" : "Turn the feed on"}
        </button>
        {feedUrl ? (
          <button type="submit" name="intent" value="feed-revoke" className={buttonClass("quiet")} disabled={busy}>
            Turn the feed off
          </button>
        ) : null}
      </Form>
    </section>
  );
}
