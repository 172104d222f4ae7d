/**
 * A data-protection complaint's clock (Data (Use and Access) Act 2025, s. 103, inserting s. 164A
 * into the DPA 2018): acknowledged within 30 days of receipt (we do it at once, by e-mail), and
 * answered "without undue delay"; we promise the answer within 30 days too.
 */
export const COMPLAINT_DAYS = 30;

export function complaintDeadlines(receivedAt: Date) {
  const due = new Date(receivedAt.getTime() + COMPLAINT_DAYS * 86_400_000);
  return { acknowledgeBy: due, answerBy: due };
}

/** Its short reference, as the acknowledgement names it. */
export const complaintReference = (id: string) => `DP-${id.slice(0, 8).toUpperCase()}`;
