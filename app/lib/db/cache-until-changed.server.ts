import type { Database, DatabaseHandle, Transaction } from "./client.server";

/**
 * Reads kept in memory until a table they came from changes (decision 052). Every table named here has
 * a trigger (migration 0013) that announces `table:<name>` when a write commits, on every instance and
 * whoever wrote; this drops each kept read of that table at once. A signed-in page read its session,
 * the visitor's purchases and the catalogue from the database on every request, 5 to 10 queries of
 * PGlite's CPU each time (issue 23: 10-25 ms a page); now it reads them once per change.
 *
 * A read that overlaps a write can finish after the write's notice: the table's generation, taken
 * before the read and compared after, keeps that answer out of memory. `ttlMs` bounds what changes
 * with time alone (a membership period ending), and a lost listening connection ("*") drops everything.
 */
export type CacheSpec = {
  /** A name for this kind of read, unique across the app. */
  name: string;
  /** Every table the read depends on: each must have a change trigger (tested). */
  tables: readonly ChangeNoticeTable[];
  ttlMs: number;
  /** Most entries kept of this kind (the oldest go first). */
  maxEntries: number;
};

/** The tables that announce their changes (migrations 0013, 0020); a cache may depend on these only. */
export const CHANGE_NOTICE_TABLES = [
  "user",
  "session",
  "user_roles",
  "site_settings",
  "products",
  "purchases",
  "subscribers",
  "order_lines",
  "refunds",
  "refund_lines",
  "discount_codes",
  "bookings",
  "booking_days",
  "booking_blocks",
  "booking_packages",
  "package_credits",
  "booking_settings",
  "events",
  "gallery_tabs",
  "gallery_photos",
  "songs",
  "uploads",
  // Migration 0020.
  "site_pictures",
  "intake_forms",
  "intake_answers",
  "client_consents",
  "booking_waitlist",
  "testimonials",
] as const;
export type ChangeNoticeTable = (typeof CHANGE_NOTICE_TABLES)[number];

type Entry = { value: Promise<unknown>; storedAt: number };
type Kind = { spec: CacheSpec; entries: Map<string, Entry> };
type Registry = {
  kinds: Map<string, Kind>;
  generations: Map<string, number>;
  /** Whether writes are heard now: when not, every read goes to the database. */
  hearing: boolean;
};

// On globalThis: the test suite loads the app through Vite's module runner beside its own imports.
const REGISTRIES_KEY = Symbol.for("sacred-healing.cache-until-changed");
const store = globalThis as unknown as Record<symbol, WeakMap<Database, Registry> | undefined>;
const registries: WeakMap<Database, Registry> = store[REGISTRIES_KEY] ?? new WeakMap();
store[REGISTRIES_KEY] = registries;

/**
 * Called once by whoever opens a database (openPglite, openPostgres): its reads may be kept from then
 * on. A handle never passed here (a transaction's `tx`) is never cached: each read goes to the database.
 */
export function keepReadsUntilChanged(database: DatabaseHandle): void {
  if (registries.has(database.db)) return;
  // PGlite hears its own writes from the start; PostgreSQL once its listening connection is up ("*").
  const created: Registry = {
    kinds: new Map(),
    generations: new Map(),
    hearing: database.kind === "pglite",
  };
  registries.set(database.db, created);
  database.onAnnouncement((topic) => {
    // "!": changes can no longer be heard (a lost connection, a closed database): read every time.
    // "*": hearing again (what happened meanwhile unknown); "table:*": this process wrote somewhere.
    if (topic === "!" || topic === "*" || topic === "table:*") {
      if (topic !== "table:*") created.hearing = topic === "*";
      for (const table of CHANGE_NOTICE_TABLES) bump(created, table);
      return;
    }
    if (topic.startsWith("table:")) bump(created, topic.slice("table:".length));
  });
}

/** Whether reads of this database are kept now: PostgreSQL's only once its listening connection is up. */
export function keepingReads(db: Database): boolean {
  return registries.get(db)?.hearing === true;
}

function bump(registry: Registry, table: string) {
  registry.generations.set(table, (registry.generations.get(table) ?? 0) + 1);
  for (const kind of registry.kinds.values()) {
    if ((kind.spec.tables as readonly string[]).includes(table)) kind.entries.clear();
  }
}

function generationsOf(registry: Registry, tables: readonly string[]): string {
  return tables.map((table) => registry.generations.get(table) ?? 0).join(",");
}

/**
 * `load()`'s answer for `key`, from memory when none of the spec's tables changed since it was read
 * and it is younger than the spec's ttl. A failed read is not kept.
 */
export function cacheUntilChanged<T>(
  db: Database | Transaction,
  spec: CacheSpec,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const registry = registries.get(db as Database);
  if (!registry?.hearing) return load();
  let kind = registry.kinds.get(spec.name);
  if (!kind) {
    kind = { spec, entries: new Map() };
    registry.kinds.set(spec.name, kind);
  }
  const now = Date.now();
  const found = kind.entries.get(key);
  if (found && now - found.storedAt < spec.ttlMs) {
    return found.value as Promise<T>;
  }
  const before = generationsOf(registry, spec.tables);
  const entries = kind.entries;
  // Settled once: a Drizzle query is a thenable that runs again on every `then`, so a query builder
  // kept as it is would be run again by every reader (the site's pictures were, on every page).
  const value = Promise.resolve(load());
  const entry: Entry = { value, storedAt: now };
  // Kept at once, so requests arriving together share one read; dropped if the tables changed while it
  // ran (its answer may predate the change) or it failed.
  entries.delete(key);
  entries.set(key, entry);
  if (entries.size > spec.maxEntries) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  value.then(
    () => {
      if (generationsOf(registry, spec.tables) !== before && entries.get(key) === entry) entries.delete(key);
    },
    () => {
      if (entries.get(key) === entry) entries.delete(key);
    },
  );
  return value;
}
