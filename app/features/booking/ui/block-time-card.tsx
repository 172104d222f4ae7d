import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";

export type DiaryBlock = { id: string; label: string; note: string };

const input = "mt-1 w-full rounded-lg border border-plum-200 p-2";

/** Blocking a time off in the diary, and the blocks already set (each removable). */
export function BlockTimeCard({ blocks, busy }: { blocks: DiaryBlock[]; busy: boolean }) {
  return (
    <section className={cardClass("p-5")} aria-labelledby="block-heading">
      <h2 id="block-heading" className="text-2xl">
        Block a time
      </h2>
      <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-3">
        <label className="text-sm font-semibold sm:col-span-3">
          Date
          <input type="date" name="date" required className={input} />
        </label>
        <label className="text-sm font-semibold">
          From
          <input type="time" name="start" required className={input} />
        </label>
        <label className="text-sm font-semibold">
          To
          <input type="time" name="end" required className={input} />
        </label>
        <label className="text-sm font-semibold">
          Note
          <input type="text" name="note" maxLength={200} className={input} />
        </label>
        <button
          type="submit"
          name="intent"
          value="block"
          className={buttonClass("primary", "sm:col-span-3")}
          disabled={busy}
        >
          Block this time
        </button>
      </Form>
      {blocks.length > 0 ? (
        <ul className="mt-4 divide-y divide-plum-100">
          {blocks.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {b.label}
                {b.note ? ` · ${b.note}` : ""}
              </span>
              <Form method="post">
                <input type="hidden" name="id" value={b.id} />
                <button type="submit" name="intent" value="unblock" className={buttonClass("quiet")} disabled={busy}>
                  Remove<span className="sr-only">: {b.label}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
