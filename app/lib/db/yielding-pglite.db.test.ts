import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { YieldingPGlite } from "./yielding-pglite.server";

/**
 * A queue of queries leaves the event loop its turns (decision 055): plain PGlite ran a queue back to
 * back in promise callbacks, and timers and sockets waited for all of it.
 */
describe("PGlite that takes turns with the event loop", () => {
  const pg = new YieldingPGlite();
  beforeAll(async () => {
    await pg.waitReady;
    await pg.exec("create table burst (id serial primary key, v text)");
  });
  afterAll(() => pg.close());

  /** Queries finished between each two turns of the event loop while `count` inserts are queued at once. */
  async function finishedPerTurn(count: number) {
    let finished = 0;
    const perTurn: number[] = [];
    let done = false;
    let seen = 0;
    const tick = () => {
      perTurn.push(finished - seen);
      seen = finished;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        pg.query("insert into burst (v) values ($1)", [`row ${i}`]).then(() => finished++),
      ),
    );
    done = true;
    await new Promise((resolve) => setImmediate(resolve));
    return perTurn;
  }

  it("gives the loop a turn before a query once the slice is spent (a slice of 0: before every query)", async () => {
    pg.sliceMs = 0;
    const perTurn = await finishedPerTurn(200);
    expect(perTurn.reduce((a, b) => a + b, 0)).toBe(200);
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(1);
  });

  it("answers every query, in order, with the default slice", async () => {
    pg.sliceMs = 10;
    const perTurn = await finishedPerTurn(200);
    expect(perTurn.reduce((a, b) => a + b, 0)).toBe(200);
    const { rows } = await pg.query<{ n: number }>("select count(*)::int as n from burst");
    expect(rows[0]?.n).toBe(400);
    expect(pg.answeredAt).toBeGreaterThan(performance.now() - 1000);
  });

  it("counts only answers as the database answering, not failures", async () => {
    await pg.query("select 1");
    const answered = pg.answeredAt;
    await expect(pg.query("select * from no_such_table")).rejects.toThrow(/no_such_table/);
    expect(pg.answeredAt).toBe(answered);
  });
});
