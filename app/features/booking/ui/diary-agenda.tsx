import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { formatAmount } from "~/lib/format-price";
import { type Place, placeLabel } from "../booking-model";

/** A session as the practitioner's diary lists it. */
export type DiarySession = {
  id: string;
  time: string;
  serviceTitle: string;
  place: Place;
  amountCents: number;
  refundCents: number | null;
  status: string;
  attendance: string | null;
  note: string;
  started: boolean;
  client: { name: string; email: string };
};

export type DiaryDay = { date: string; day: string; sessions: DiarySession[] };

/** The sessions of the next days, day by day, each with what the practitioner can do about it. */
export function DiaryAgenda({ agenda, days, busy }: { agenda: DiaryDay[]; days: number; busy: boolean }) {
  return (
    <>
      <h2 className="mt-8 text-2xl">The next {days} days</h2>
      {agenda.length === 0 ? (
        <p className={cardClass("mt-4 p-8 text-center text-muted")}>No sessions booked in the next {days} days.</p>
      ) : (
        <div className="mt-4 space-y-6">
          {agenda.map((day) => (
            <section key={day.date} aria-labelledby={`day-${day.date}`}>
              <h3 id={`day-${day.date}`} className="font-sans text-lg font-semibold text-plum-900">
                {day.day}
              </h3>
              <ol className="mt-2 space-y-3">
                {day.sessions.map((session) => (
                  <DiarySessionCard key={session.id} session={session} busy={busy} />
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
    </>
  );
}

function DiarySessionCard({ session: s, busy }: { session: DiarySession; busy: boolean }) {
  return (
    <li className={cardClass("p-4")}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-plum-900">
            {s.time} · {s.serviceTitle}
          </p>
          <p className="text-sm break-all">
            {s.client.name} · {s.client.email}
          </p>
          <p className="text-sm text-muted">
            {placeLabel(s.place)} · paid {formatAmount(s.amountCents)}
            {s.status === "cancelled"
              ? ` · Cancelled${s.refundCents !== null ? `, ${formatAmount(s.refundCents)} refunded` : ""}`
              : ""}
            {s.attendance === "attended" ? " · Attended" : s.attendance === "no_show" ? " · No-show" : ""}
          </p>
          {s.note ? <p className="mt-1 text-sm whitespace-pre-line">Note: {s.note}</p> : null}
        </div>
      </div>
      {s.status === "confirmed" ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {s.started ? (
            <>
              <SessionAction session={s} intent="attended" label="Attended" busy={busy} />
              <SessionAction session={s} intent="no_show" label="No-show" busy={busy} />
            </>
          ) : null}
          <SessionAction
            session={s}
            intent="cancel"
            label="Cancel and refund in full"
            busy={busy}
            confirm={`Cancel ${s.client.name}'s session and refund ${formatAmount(s.amountCents)} in full?`}
          />
        </div>
      ) : null}
    </li>
  );
}

/** One button about one session; its accessible name says whose session and when. */
function SessionAction({
  session,
  intent,
  label,
  busy,
  confirm,
}: {
  session: DiarySession;
  intent: "attended" | "no_show" | "cancel";
  label: string;
  busy: boolean;
  confirm?: string;
}) {
  return (
    <Form
      method="post"
      onSubmit={
        confirm
          ? (event) => {
              if (!window.confirm(confirm)) event.preventDefault();
            }
          : undefined
      }
    >
      <input type="hidden" name="id" value={session.id} />
      <button type="submit" name="intent" value={intent} className={buttonClass("secondary")} disabled={busy}>
        {label}
        <span className="sr-only">
          : {session.client.name}, {session.time}
        </span>
      </button>
    </Form>
  );
}
