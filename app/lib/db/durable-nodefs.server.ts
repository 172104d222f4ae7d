import { fsyncSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

type EmscriptenStream = { nfd?: number };
type EmscriptenNodeFs = {
  stream_ops: { fsync?: (stream: EmscriptenStream) => number };
  tryFSOperation<T>(operation: () => T): T;
};
type PostgresModule = Parameters<NodeFS["init"]>[1];

/**
 * PGlite's Node filesystem with a real fsync (decision 044). PGlite 0.5 starts PostgreSQL with fsync off
 * (`-F`), and even with it on, nothing would reach the disk: Emscripten's NODEFS has no `fsync` for its
 * files (the call returns success and does nothing) and its `fdatasync` is a stub. So a commit was
 * written to the page cache only, and a power cut could lose a sale the site had confirmed.
 *
 * This gives NODEFS the missing `fsync`, a real fsync(2) of the host file, and the start parameters
 * (pgliteStartParams) turn PostgreSQL's fsync back on with `wal_sync_method=fsync` (the method that
 * reaches this call). PostgreSQL then flushes exactly what it flushes on any server: the WAL up to
 * the commit record before a commit returns, data files and directories at checkpoints.
 */
export class DurableNodeFS extends NodeFS {
  /** fsync(2) calls made for PostgreSQL so far: tests read it to see a commit reach the disk. */
  fsyncCalls = 0;

  override async init(pg: PGlite, opts: PostgresModule): Promise<{ emscriptenOpts: PostgresModule }> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const giveNodefsAnFsync = (module: PostgresModule) => {
      const nodefs = (module as unknown as { NODEFS: EmscriptenNodeFs }).NODEFS;
      // Every NODEFS file shares this one table of operations, so this reaches every open file.
      nodefs.stream_ops.fsync = (stream) => {
        if (stream.nfd === undefined) return 0;
        const fd = stream.nfd;
        // A failure becomes the errno PostgreSQL expects; it then stops rather than trust the write.
        nodefs.tryFSOperation(() => fsyncSync(fd));
        this.fsyncCalls++;
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), giveNodefsAnFsync] } };
  }
}
