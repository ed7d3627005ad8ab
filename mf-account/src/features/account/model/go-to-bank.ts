/** Leaves the app for the bank page (its own module, so tests can stand in for the navigation). */
export function goToBank(paymentUrl: string): void {
  window.location.assign(paymentUrl);
}
