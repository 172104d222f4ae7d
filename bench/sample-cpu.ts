import { readFileSync } from "node:fs";

/** CPU time (user + system) a process has used so far, in milliseconds, from /proc/<pid>/stat. */
export function sampleCpu(pid: number): number {
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  const fields = (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  // Linux reports clock ticks; USER_HZ is 100 on every mainstream architecture.
  return ticks * 10;
}
