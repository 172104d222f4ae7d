const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2 });

/** The one way a price is shown: integer pence in, '£12.99' out, and 'FREE' for 0. */
export function formatPrice(cents: number): string {
  if (cents === 0) return "FREE";
  return pounds.format(cents / 100);
}

/** Pounds with two decimals and no FREE, for totals paid ('£0.00' for a free claim). */
export function formatAmount(cents: number): string {
  return pounds.format(cents / 100);
}
