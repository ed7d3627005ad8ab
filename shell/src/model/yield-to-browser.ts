/**
 * Ends the current task and resumes in a new one, so the browser can paint and handle input in
 * between (issue 28: the start-up's blocking time is the sum of its long tasks). A message, not a
 * zero timeout: nested timeouts are clamped to 4 ms.
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
