/**
 * The cost of a durable commit on the embedded database (decision 044): N small write transactions and
 * N reads, on PGlite as PGlite ships it (fsync off, no fsync in its filesystem) and as the server opens
 * it (DurableNodeFS, fsync on). Runs on Node 24's type stripping:
 *
 *   node scripts/measure-commit-flush.ts [N]
 *   strace -f -c -e trace=fsync,fdatasync node scripts/measure-commit-flush.ts 500   (the calls themselves)
 *
 * MEASURE_MODE=shipped or MEASURE_MODE=durable runs one of the two (to strace them apart).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { keepWebAssemblyOnBaselineCompiler, pgliteStartParams } from "../app/lib/db/client.server.ts";
import { DurableNodeFS } from "../app/lib/db/durable-nodefs.server.ts";

const rounds = Number(process.argv[2] ?? 500);
keepWebAssemblyOnBaselineCompiler();

/** The server's settings with PGlite's own "-F" (fsync off) and without our sync settings. */
function shippedStartParams(): string[] {
  const ours = pgliteStartParams();
  const kept: string[] = [];
  for (let i = 0; i < ours.length; i++) {
    if (ours[i] === "-c" && /^(fsync|wal_sync_method)=/.test(ours[i + 1] ?? "")) {
      i++;
      continue;
    }
    kept.push(ours[i] as string);
  }
  return ["--single", "-F", ...kept.filter((p) => p !== "--single")];
}

async function measure(mode: "shipped" | "durable") {
  const dir = mkdtempSync(path.join(os.tmpdir(), `commit-flush-${mode}-`));
  const fs = mode === "durable" ? new DurableNodeFS(path.join(dir, "pgdata")) : undefined;
  const client =
    mode === "durable"
      ? await PGlite.create({ fs, startParams: pgliteStartParams() })
      : await PGlite.create(path.join(dir, "pgdata"), { startParams: shippedStartParams() });
  try {
    await client.exec("create table orders (id serial primary key, amount int not null, note text)");
    const before = fs?.fsyncCalls ?? 0;
    let started = process.hrtime.bigint();
    for (let i = 0; i < rounds; i++) {
      await client.transaction(async (tx) => {
        await tx.query("insert into orders (amount, note) values ($1, $2)", [1299, `order ${i}`]);
        await tx.query("update orders set note = note || ' paid' where id = $1", [i + 1]);
      });
    }
    const writeMs = Number(process.hrtime.bigint() - started) / 1e6;
    const writeFsyncs = (fs?.fsyncCalls ?? 0) - before;
    started = process.hrtime.bigint();
    for (let i = 0; i < rounds; i++) await client.query("select * from orders where id = $1", [i + 1]);
    const readMs = Number(process.hrtime.bigint() - started) / 1e6;
    const readFsyncs = (fs?.fsyncCalls ?? 0) - before - writeFsyncs;
    console.log(
      `${mode.padEnd(8)} ${rounds} write transactions: ${(writeMs / rounds).toFixed(3)} ms each ` +
        `(${Math.round((rounds * 1000) / writeMs)}/s), fsync calls ${fs ? writeFsyncs : "none (fsync off)"}; ` +
        `${rounds} reads: ${(readMs / rounds).toFixed(3)} ms each, fsync calls ${fs ? readFsyncs : "none"}`,
    );
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const only = process.env.MEASURE_MODE;
for (const mode of ["shipped", "durable"] as const) if (!only || only === mode) await measure(mode);
