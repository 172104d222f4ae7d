import { useEffect, useState } from "react";
import { noticeClass } from "~/components/ui/notice";

/** Minutes shown for a lockout: remaining seconds / 60, rounded up (spec §8). */
export function lockoutMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/**
 * Counts down a lockout each second from the server's answer; calls onEnd when it is over.
 * `issuedAt` tells a new answer from an old one, so the countdown restarts on each refusal.
 */
export function useLockout(retryAfterSeconds: number | undefined, issuedAt: number | undefined) {
  const [remaining, setRemaining] = useState(retryAfterSeconds ?? 0);
  useEffect(() => {
    if (!retryAfterSeconds || !issuedAt) {
      setRemaining(0);
      return;
    }
    const deadline = issuedAt + retryAfterSeconds * 1000;
    const tick = () => setRemaining(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [retryAfterSeconds, issuedAt]);
  return remaining;
}

export function LockoutBanner({ seconds }: { seconds: number }) {
  return (
    <div role="alert" className={noticeClass("error")}>
      Rate limit active. Try again in {lockoutMinutes(seconds)} minutes.
      <span className="sr-only"> ({seconds} seconds)</span>
      <span aria-hidden="true" className="ml-1 tabular-nums text-red-700" data-testid="lockout-seconds">
        ({Math.floor(seconds / 60)}:{String(seconds % 60).padStart(2, "0")})
      </span>
    </div>
  );
}
