import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import {
  ANNOUNCEMENT_CHANNEL,
  type Database,
  type DatabaseHandle,
  MIGRATION_LOCK,
  migrationsFolder,
  once,
} from "./client.server";
import * as schema from "./schema.server";

const CHANNEL = ANNOUNCEMENT_CHANNEL;
/** Announcements can no longer be heard: nothing may be kept in memory until "*". */
const DEAF = "!";
/** This process wrote to some table (which, it does not know). */
const ANY_TABLE_CHANGED = "table:*";

const WRITES = new Set(["INSERT", "UPDATE", "DELETE", "MERGE", "TRUNCATE", "COMMIT", "COPY"]);

/**
 * This process's own writes reach the reads it keeps in memory at once, not only through the tables'
 * NOTIFY (decision 052): that notice comes on the listening connection, which the event loop may read
 * after the writer's answer, so a client redirected after paying could be shown a page read before.
 * Which tables a statement touched is not known here, so everything kept is dropped (writes are rare
 * beside reads). Other instances hear of the write through the notice, within milliseconds.
 */
function tellOfOwnWrites(client: pg.PoolClient, onWrite: () => void, onAnswer: () => void) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const told = (result: pg.QueryResult | pg.QueryResult[] | undefined) => {
    onAnswer();
    const results = Array.isArray(result) ? result : [result];
    if (results.some((r) => WRITES.has(r?.command ?? ""))) onWrite();
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    // The pool's own query() passes a callback; drizzle's checked-out clients take the promise.
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (error: unknown, result: pg.QueryResult) => {
        if (!error) told(result);
        return last(error, result);
      };
      return query(...args);
    }
    const answer = query(...args);
    if (answer instanceof Promise) answer.then(told, () => {});
    return answer;
  };
}

/** PostgreSQL through a pool (see openDatabase). */
export function openPostgres(databaseUrl: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const listeners: ((topic: string) => void)[] = [];
  let listening: pg.Client | null = null;
  let closed = false;
  /** performance.now() when a query last succeeded: the health check counts it as the database answering. */
  let answeredAt = Number.NEGATIVE_INFINITY;
  /**
   * One connection of its own LISTENs (a pooled one would be handed to other queries). Lost (a
   * server restart), it is made again after a second, and listeners hear "*": what was announced
   * meanwhile was missed, so everything kept in memory is dropped.
   */
  const listen = async (): Promise<void> => {
    if (closed) return;
    const client = new pg.Client({ connectionString: databaseUrl });
    const retry = () => {
      if (listening !== client) return;
      listening = null;
      for (const listener of listeners) listener(DEAF);
      client.end().catch(() => {});
      setTimeout(() => void listen().catch(() => {}), 1000).unref();
    };
    client.on("error", retry);
    client.on("end", retry);
    client.on("notification", (message) => {
      for (const listener of listeners) listener(message.payload ?? "*");
    });
    listening = client;
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch {
      retry();
      return;
    }
    // Listening from now on: what was kept before (while nothing could be heard) is dropped; after a
    // loss, that covers what was announced meanwhile.
    for (const listener of listeners) listener("*");
  };
  // An idle connection dropped by the server (restart, failover) must not crash the process; the
  // pool replaces it on the next query.
  pool.on("error", (error) => console.error("PostgreSQL connection lost:", error.message));
  // A connection the server ends while it is checked out (by runExclusive or the migration) or while
  // the pool is closing it emits its error on the client itself, where nobody listens: that would be
  // an uncaught exception. Every client gets a listener of its own; the next query sees the loss.
  pool.on("connect", (client) => {
    client.on("error", (error) => console.error("PostgreSQL connection lost:", error.message));
    tellOfOwnWrites(
      client,
      () => {
        for (const listener of listeners) listener(ANY_TABLE_CHANGED);
      },
      () => {
        answeredAt = performance.now();
      },
    );
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    migrate: async () => {
      // Several instances may start at once: one migrates while the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      // Answered within the last second: the health check need not wait for a free connection behind
      // a crowd's queries to learn that (decision 055).
      if (!closed && performance.now() - answeredAt < 1000) return;
      await pool.query("select 1");
    },
    maintain: async () => {},
    announce: async (topic) => {
      await pool.query("select pg_notify($1, $2)", [CHANNEL, topic]);
    },
    onAnnouncement: (listener) => {
      listeners.push(listener);
      if (listeners.length === 1) void listen();
    },
    runExclusive: async (key, work) => {
      // A session-level lock, held by one pooled connection while the work runs on others.
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [key]);
        if (!rows[0]?.locked) return null;
        try {
          return await work();
        } finally {
          await client.query("select pg_advisory_unlock($1)", [key]).catch(() => {});
        }
      } finally {
        client.release();
      }
    },
    close: once(async () => {
      closed = true;
      answeredAt = Number.NEGATIVE_INFINITY;
      for (const listener of listeners) listener(DEAF);
      const client = listening;
      listening = null;
      await client?.end().catch(() => {});
      await pool.end();
    }),
  };
}
