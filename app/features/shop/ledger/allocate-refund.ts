/**
 * How a refund is spread over the lines it gives money back for (decision 040): each line in turn,
 * up to what it has left (what it took less what went back already). Pure, so the rule is tested
 * apart from the database, which refuses any allocation past a line's amount anyway.
 */
export type LineRoom = { id: string; amountCents: number; refundedCents: number };

export function allocateRefund(lines: readonly LineRoom[], cents: number): { lineId: string; amountCents: number }[] {
  const allocations: { lineId: string; amountCents: number }[] = [];
  let left = Math.max(0, Math.floor(cents));
  for (const line of lines) {
    if (left === 0) break;
    const take = Math.min(left, Math.max(0, line.amountCents - line.refundedCents));
    if (take > 0) {
      allocations.push({ lineId: line.id, amountCents: take });
      left -= take;
    }
  }
  return allocations;
}

/** What the lines have left to refund, in all. */
export const refundableCents = (lines: readonly LineRoom[]): number =>
  lines.reduce((sum, line) => sum + Math.max(0, line.amountCents - line.refundedCents), 0);
