/** The address a closed account is given: unique, never deliverable (RFC 2606), and naming no one. */
export const closedAddress = (userId: string) => `closed-${userId}@closed.invalid`;

/** Whether an address is a closed account's: nobody receives it (the shop offers it no receipt). */
export const isClosedAddress = (email: string) => email.endsWith("@closed.invalid");
