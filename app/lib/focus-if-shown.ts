/**
 * Gives the focus back to the element that opened a dialog, if it is still on the page and shown (a
 * button inside a panel that has closed since is not): otherwise the focus stays where the browser
 * puts it.
 */
export function focusIfShown(element: HTMLElement | null | undefined): void {
  if (element?.isConnected && element.getClientRects().length > 0) element.focus();
}
