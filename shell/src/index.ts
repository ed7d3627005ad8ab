// The async boundary lets Module Federation negotiate shared singletons before any React code runs.
// A failure to load surfaces as an unhandled rejection: nothing is on the page yet to show it.
void import('./bootstrap');
