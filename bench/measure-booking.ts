/**
 * The booking part of the benchmark (issue 16): the booking page and the slot query with an empty diary
 * and with 1,000 existing bookings, on the same data folder (PGlite), the server restarted between the
 * two. Target: each costs at most twice the server CPU per request with 1,000 bookings as with none.
 * Run alone with `npm run bench -- --booking`, or as part of the full run; writes bench/RESULTS-booking.md.
 */
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { addDays, weekdayOf, zonedDate, zonedInstant } from "../app/lib/zoned-time.ts";
import type { Check } from "./bench-results.ts";
import { type LatencyResult, measureLatency } from "./measure-latency.ts";
import { createSignedInUser } from "./signed-in-clients.ts";
import { type RunningServer, startServer } from "./start-server.ts";

export const BOOKING_TARGETS = { bookings: 1_000, factor: 2 };

type BookingRoute = LatencyResult & { name: string; path: string };
export type BookingBenchResults = {
  sizes: { bookings: number; upcoming: number; routes: BookingRoute[] }[];
  /** EXPLAIN ANALYZE of the slot query's SQL with 1,000 bookings. */
  plan: string[];
  command: string;
  checks: Check[];
};

const SERVICE = "one-on-one";
/** Open days are Tuesday to Saturday (the practice defaults). */
const isOpen = (date: string) => [2, 3, 4, 5, 6].includes(weekdayOf(date));

/** The busiest bookable day once the diary is full: the first open day past the 24-hour notice. */
function firstFullDay(now: Date): string {
  let date = addDays(zonedDate(now), 2);
  while (!isOpen(date)) date = addDays(date, 1);
  return date;
}

export async function measureBooking(options: {
  appDir: string;
  workDir: string;
  requests: number;
  warmup: number;
  port?: number;
  log: (line: string) => void;
}): Promise<BookingBenchResults> {
  const { appDir, workDir, log } = options;
  const dataDir = path.join(workDir, "data-booking");
  const logFile = path.join(workDir, "server-booking.log");
  const start = () => startServer({ appDir, dataDir, logFile, port: options.port });
  const day = firstFullDay(new Date());
  const routes = [
    { name: "booking page (/book/one-on-one)", path: `/book/${SERVICE}` },
    // What the browser fetches when a day is chosen: the loader's data, that day's free times.
    { name: "slot query (a day's free times)", path: `/book/${SERVICE}.data?day=${day}` },
  ];

  let server: RunningServer = await start();
  const sizes: BookingBenchResults["sizes"] = [];
  let plan: string[] = [];
  try {
    const client = await createSignedInUser(server, appDir, "bench-booking@example.com");
    for (const bookings of [0, BOOKING_TARGETS.bookings]) {
      let upcoming = 0;
      if (bookings > 0) {
        await server.stop();
        ({ upcoming, plan } = await seedBookings(dataDir, client.id, bookings));
        server = await start();
      }
      const headers = { cookie: client.cookie };
      for (let i = 0; i < options.warmup; i++) {
        for (const route of routes)
          await measureLatency(`${server.origin}${route.path}`, { requests: 1, warmup: 0, headers });
      }
      const measured: BookingRoute[] = [];
      for (const route of routes) {
        const result = await measureLatency(`${server.origin}${route.path}`, {
          requests: options.requests,
          warmup: options.warmup,
          headers,
          pid: server.pid,
        });
        log(
          `  ${bookings} bookings: ${route.name}: p50 ${result.p50Ms} ms, ${result.cpuMsPerRequest} ms CPU/request${result.non200 ? `, ${result.non200} non-200` : ""}`,
        );
        measured.push({ ...route, ...result });
      }
      sizes.push({ bookings, upcoming, routes: measured });
    }
  } finally {
    await server.stop();
  }
  return {
    sizes,
    plan,
    command: `signed in, after ${options.warmup} warm-up rounds over both routes, per route ${options.warmup} warm-up then ${options.requests} timed sequential GET requests on one kept-alive connection (bench/measure-latency.ts); the chosen day is ${day}, the first bookable day, full in the 1,000-booking diary`,
    checks: bookingChecks(sizes),
  };
}

/**
 * A year and more of a busy practice, straight into the stopped server's PGlite folder: the coming
 * 60 days booked at 09:00, 10:30, 12:00 and 13:30 on every open day (afternoons left free), the rest
 * in the past, one in ten of them cancelled. Rows are marked (ids starting `bench-`).
 */
async function seedBookings(dataDir: string, userId: string, total: number) {
  const today = zonedDate(new Date());
  const times = ["09:00", "10:30", "12:00", "13:30"];
  const rows: { id: string; start: Date; day: string; status: string }[] = [];
  const add = (date: string, time: string, status: string) =>
    rows.push({
      id: `bench-${String(rows.length).padStart(6, "0")}`,
      start: zonedInstant(date, time),
      day: date,
      status,
    });
  for (let ahead = 2; ahead <= 60 && rows.length < total; ahead++) {
    const date = addDays(today, ahead);
    if (isOpen(date)) for (const time of times) if (rows.length < total) add(date, time, "confirmed");
  }
  const upcoming = rows.length;
  for (let back = 1; rows.length < total; back++) {
    const date = addDays(today, -back);
    if (!isOpen(date)) continue;
    for (const time of times)
      if (rows.length < total) add(date, time, rows.length % 10 === 0 ? "cancelled" : "confirmed");
  }

  const db = await PGlite.create(path.join(dataDir, "pgdata"));
  try {
    await db.query(
      `insert into bookings (id, user_id, service_id, place, starts_at, ends_at, day, status, purchase_id, amount_cents,
         attendance, cancelled_at, cancelled_by)
       select r.id, $1, '${SERVICE}', 'in_person', r.starts_at, r.starts_at + interval '60 minutes', r.day, r.status,
         'bench-purchase-' || r.id, 5000,
         case when r.status = 'confirmed' and r.starts_at < now() then 'attended' end,
         case when r.status = 'cancelled' then r.starts_at - interval '3 days' end,
         case when r.status = 'cancelled' then 'client' end
       from unnest($2::text[], $3::timestamptz[], $4::text[], $5::text[]) as r(id, starts_at, day, status)
       on conflict (id) do nothing`,
      [
        userId,
        rows.map((r) => r.id),
        rows.map((r) => r.start.toISOString()),
        rows.map((r) => r.day),
        rows.map((r) => r.status),
      ],
    );
    await db.query("analyze bookings");
    // The SQL of listBusy (booking-store.server.ts) over the 60-day window, as the page runs it.
    const explained = await db.query<{ "QUERY PLAN": string }>(
      `explain (analyze, costs off, summary off)
       select starts_at, ends_at from bookings
       where day between $1 and $2
         and (status = 'confirmed' or (status = 'held' and hold_expires_at > now()))`,
      [addDays(today, -1), addDays(today, 62)],
    );
    return { upcoming, plan: explained.rows.map((r) => r["QUERY PLAN"]) };
  } finally {
    await db.close();
  }
}

function bookingChecks(sizes: BookingBenchResults["sizes"]): Check[] {
  const checks: Check[] = [];
  const empty = sizes.find((s) => s.bookings === 0);
  const full = sizes.find((s) => s.bookings === BOOKING_TARGETS.bookings);
  if (!empty || !full) return checks;
  for (const route of full.routes) {
    const base = empty.routes.find((r) => r.name === route.name);
    const factor = base?.cpuMsPerRequest && route.cpuMsPerRequest ? route.cpuMsPerRequest / base.cpuMsPerRequest : null;
    checks.push({
      section: "Booking",
      figure: `${route.name}: server CPU per request with ${full.bookings} bookings vs none`,
      value:
        factor === null
          ? "not measured"
          : `×${factor.toFixed(2)} (${route.cpuMsPerRequest} vs ${base?.cpuMsPerRequest} ms; p50 ${route.p50Ms} vs ${base?.p50Ms} ms)`,
      target: `≤ ×${BOOKING_TARGETS.factor}`,
      pass: factor === null ? null : factor <= BOOKING_TARGETS.factor,
    });
    const non200 = route.non200 + (base?.non200 ?? 0);
    checks.push({
      section: "Booking",
      figure: `${route.name}: answers other than 200`,
      value: String(non200),
      target: "0",
      pass: non200 === 0,
    });
  }
  return checks;
}

export function renderBooking(
  results: BookingBenchResults,
  meta: { command: string; date: string; commit: string; load: string },
): string {
  const full = results.sizes.find((s) => s.bookings === BOOKING_TARGETS.bookings);
  return [
    "# Booking: benchmark results",
    "",
    `Generated by \`${meta.command}\` (bench/measure-booking.ts) at ${meta.date}, build of ${meta.commit.slice(0, 10)}; do not edit by hand.`,
    "",
    `Other load on the machine during the run: ${meta.load}.`,
    "",
    `The same data folder (PGlite) with an empty diary, then with ${BOOKING_TARGETS.bookings} bookings (${full?.upcoming ?? 0} of them in the coming 60 days, the rest in the past, one in ten of those cancelled); the server restarted in between. ${results.command}. Target: server CPU per request (not latency: the machine is shared) at most ×${BOOKING_TARGETS.factor} that of the empty diary.`,
    "",
    "| Section | Figure | Value | Target | |",
    "| --- | --- | --- | --- | --- |",
    ...results.checks.map(
      (c) =>
        `| ${c.section} | ${c.figure} | ${c.value} | ${c.target} | ${c.pass === null ? "" : c.pass ? "✅" : "❌"} |`,
    ),
    "",
    "| Bookings | Route | p50 | p99 | CPU/request | bytes |",
    "| --- | --- | --- | --- | --- | --- |",
    ...results.sizes.flatMap((s) =>
      s.routes.map(
        (r) => `| ${s.bookings} | ${r.name} | ${r.p50Ms} ms | ${r.p99Ms} ms | ${r.cpuMsPerRequest} ms | ${r.bytes} |`,
      ),
    ),
    "",
    `The slot query's SQL (listBusy over the 60-day window) with ${BOOKING_TARGETS.bookings} bookings:`,
    "",
    "```",
    ...results.plan,
    "```",
    "",
  ].join("\n");
}
