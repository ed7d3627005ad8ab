/**
 * Sends the browser to the bank's page. A full navigation, not the router: the bank page is on the
 * provider's host. Its own module so tests replace it (jsdom cannot navigate).
 */
export function leaveForBank(paymentUrl: string): void {
  window.location.assign(paymentUrl);
}
