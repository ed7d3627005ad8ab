/**
 * After the bank sends the browser back with success, the provider's webhook may land a moment
 * later: the page asks again this often, for this long, while a deposit is still pending.
 */
export const PAYMENT_WATCH_INTERVAL_MS = 2_000;
export const PAYMENT_WATCH_DURATION_MS = 10_000;

/** The query parameters the money account reads (spec 2 "Money account"; `contracts` is the kernel's ACCOUNT_CONTRACTS_PARAM). */
export const PAYMENT_RESULT_PARAM = 'payment_result';
