import path from "node:path";
import { setFlagsFromString } from "node:v8";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema.server";

/** Both drivers share this base type, so feature code never knows which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => ...)`: on PGlite, the only one usable there. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Runs pending migrations from the drizzle/ folder. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Routine upkeep the database does not do by itself. PGlite runs PostgreSQL in single-user mode,
   * without autovacuum: this vacuums and analyses it, which keeps the planner's statistics current and
   * lets counts and sorted pages be read from indexes alone. PostgreSQL's autovacuum does this there.
   */
  maintain(): Promise<void>;
  /**
   * Tells every server process on this database, this one included, that something changed (the
   * owner's content, say), so each drops what it keeps in memory: PostgreSQL's NOTIFY to every
   * instance's LISTEN, within milliseconds; on PGlite (one process) at once, in-process.
   */
  announce(topic: string): Promise<void>;
  /**
   * Calls `listener` for every announcement; with "*" when listening starts or a lost listening
   * connection came back (what was announced meanwhile was missed), and with "!" when announcements
   * can no longer be heard (the connection lost, the database closed): nothing may be kept until "*".
   */
  onAnnouncement(listener: (topic: string) => void): void;
  /**
   * Runs `work` unless another process on this database is running work of the same `key` now (a
   * PostgreSQL advisory lock tried, not waited for): periodic upkeep runs once across instances.
   * Answers null when it did not run. On PGlite, one process, it always runs.
   */
  runExclusive<T>(key: number, work: () => Promise<T>): Promise<T | null>;
  close(): Promise<void>;
};

/** Advisory-lock keys of the work one instance at a time does (besides MIGRATION_LOCK). */
export const EXCLUSIVE_WORK = { shopUpkeep: 7_362_002, backup: 7_362_003, retention: 7_362_004 } as const;

/**
 * The channel of announcements: every instance listens on it, and the tables' triggers (migration 0013)
 * send `table:<name>` on it when a write commits.
 */
export const ANNOUNCEMENT_CHANNEL = "app_changes";

/** The in-process announcements of a one-process database. */
export function localAnnouncements() {
  const listeners: ((topic: string) => void)[] = [];
  return {
    announce: async (topic: string) => {
      for (const listener of listeners) listener(topic);
    },
    onAnnouncement: (listener: (topic: string) => void) => {
      listeners.push(listener);
    },
  };
}

export const migrationsFolder = path.resolve("drizzle");
/** An arbitrary, fixed advisory-lock key for migrations. */
export const MIGRATION_LOCK = 7_362_001;

/** Closing twice (shutdown racing a test's cleanup, say) is harmless. */
export function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}

export type OpenDatabaseOptions = {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
  /**
   * An initialised, empty PGlite data folder (a gzipped tarball, made at build time by
   * scripts/make-database-template.ts) to unpack on a first start instead of running initdb.
   */
  pgliteTemplate?: string | undefined;
  /** PGlite: flush each commit to disk (decision 044); off only for test suites. */
  durable?: boolean | undefined;
};

/**
 * PostgreSQL's settings inside PGlite, for a small machine (decision 027). PGlite's own defaults are
 * initdb's: 128 MB of shared buffers, 4 MB of WAL buffers, 8 MB of temporary buffers, 64 MB for
 * maintenance. The operating system's page cache holds the data files anyway (PGlite reads them through
 * Node's fs), so a small buffer pool costs little: 16 MB holds a shop's demo catalogue and its orders, and
 * each 8 kB page it lacks is one read from the page cache.
 */
export const PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: "16MB",
  wal_buffers: "1MB",
  temp_buffers: "2MB",
  work_mem: "4MB",
  maintenance_work_mem: "16MB",
};

/** PGlite's own start parameters (its defaultStartParams in 0.5) but fsync on, with our settings after them. */
export function pgliteStartParams(durable = true): string[] {
  const defaults = [
    "--single",
    "-O",
    "-j",
    "-c",
    "search_path=public",
    "-c",
    "exit_on_error=false",
    "-c",
    "log_checkpoints=false",
    "-c",
    "max_worker_processes=0",
    "-c",
    "max_parallel_workers=0",
    "-c",
    "max_parallel_workers_per_gather=0",
    "-c",
    "io_method=sync",
    "-c",
    "max_parallel_maintenance_workers=0",
  ];
  // PGlite's defaults start with "-F" (fsync off): left out, so a commit reaches the disk before it returns
  // (decision 044); fsync is the sync method our filesystem implements (see DurableNodeFS).
  const flush = durable ? ["-c", "fsync=on", "-c", "wal_sync_method=fsync"] : ["-F"];
  return [
    ...defaults,
    ...flush,
    ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
  ];
}

/**
 * PGlite is PostgreSQL compiled to WebAssembly (9 MB of code). V8 first compiles it with its baseline
 * compiler (Liftoff), then recompiles the hot functions with TurboFan in the background; TurboFan on
 * PostgreSQL's largest functions (the parser, the executor) took about 500 MB for some seconds, measured
 * (peak RSS 700 MB against 170 MB without it, for the same queries). The baseline code is fast enough
 * for a shop's queries. Set before the module is compiled; nothing else in this process uses WebAssembly.
 */
export function keepWebAssemblyOnBaselineCompiler() {
  setFlagsFromString("--no-wasm-tier-up");
  setFlagsFromString("--no-wasm-dynamic-tiering");
}

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite database under the data folder.
 * PGlite has no lock of its own: two processes on one folder would silently lose writes, so we take
 * an exclusive lock file first and refuse to start when another live process holds it.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  // Each driver is loaded only when it is the one in use: PGlite's module and pg cost memory a server
  // on the other one never needs (decision 027).
  const { keepReadsUntilChanged } = await import("./cache-until-changed.server");
  let database: DatabaseHandle;
  if (options.databaseUrl) {
    const { openPostgres } = await import("./open-postgres.server");
    database = openPostgres(options.databaseUrl, options.poolSize);
  } else {
    const { openPglite } = await import("./open-pglite.server");
    database = await openPglite(options);
  }
  keepReadsUntilChanged(database);
  return database;
}
