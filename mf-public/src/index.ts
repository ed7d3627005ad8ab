// Standalone dev entry only; inside the platform the shell loads `./app` through Module Federation.
void import('./standalone');
