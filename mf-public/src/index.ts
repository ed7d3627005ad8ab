// Standalone dev entry only; inside the platform the shell loads `./app` through Module Federation.
// __STANDALONE__ is false in every build but `--env standalone`, so the mock session is compiled out.
if (__STANDALONE__) void import('./standalone');
