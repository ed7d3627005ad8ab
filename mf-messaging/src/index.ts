// Standalone dev entry only; inside the platform the shell loads `./app` through Module Federation.
// A failure to load surfaces as an unhandled rejection: nothing is on the page yet to show it.
// __STANDALONE__ is false in every build but `--env standalone`, so the mock session is compiled out.
if (__STANDALONE__) void import('./standalone');
