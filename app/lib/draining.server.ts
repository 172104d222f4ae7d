/**
 * A server told to stop that first goes on serving for SHUTDOWN_DRAIN_SECONDS while its health check
 * answers 503, so a balancer checking /api/health sends new visitors to the other instances before this
 * one stops listening (a rolling restart, issue 23 item 5). Per process: one server per process.
 */
let draining = false;

export function startDraining(): void {
  draining = true;
}

export function isDraining(): boolean {
  return draining;
}
