/** Session prices are whole pounds, shown without pence (£50); anything else keeps two decimals. */
export function formatSessionPrice(pence: number): string {
  return pence % 100 === 0 ? `£${pence / 100}` : `£${(pence / 100).toFixed(2)}`;
}
