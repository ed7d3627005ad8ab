/**
 * Ends the current task so the browser can handle input and paint before the next start-up phase
 * (ADR 0041, "Long tasks"): each phase is then its own task, and Lighthouse's total blocking time
 * counts only what one phase takes beyond 50 ms. `scheduler.yield` resumes ahead of other queued
 * tasks where the browser has it; elsewhere a macrotask.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
