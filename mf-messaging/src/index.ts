// Standalone dev entry only; inside the platform the shell loads `./app` through Module Federation.
// A failure to load surfaces as an unhandled rejection: nothing is on the page yet to show it.
void import('./standalone');
