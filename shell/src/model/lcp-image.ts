/**
 * Longest the shell's start waits for a server-rendered page's main image before it loads its
 * scripts; past it, the page becomes interactive with the image still coming.
 */
export const LCP_IMAGE_WAIT_MS = 2_500;

/**
 * A server-rendered page's main image (the server preloads it with `fetchpriority="high"`), if
 * it is on the screen. Its scripts (250-340 KB) fetched meanwhile share the visitor's link with
 * it, and their first long tasks hold back its paint even once it has come (it is decoded and
 * drawn in a later frame): issue 28, ADR 0051. The page is on screen already, so they can wait.
 */
export function lcpImage(doc: Document): HTMLImageElement | null {
  const link = doc.querySelector<HTMLLinkElement>('head link[rel="preload"][as="image"][fetchpriority="high"]');
  if (!link?.href) return null;
  const image = Array.from(doc.images).find((img) => img.src === link.href || img.currentSrc === link.href);
  if (!image) return null;
  const box = image.getBoundingClientRect();
  const viewportHeight = doc.defaultView?.innerHeight ?? 0;
  return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < viewportHeight ? image : null;
}

/**
 * Resolves once the image is decoded (ready to draw) or has failed, or after `timeoutMs`,
 * whichever comes first. Without `decode()`, once it has loaded or failed.
 */
export function imageSettled(image: HTMLImageElement, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      image.removeEventListener('load', done);
      image.removeEventListener('error', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    if (typeof image.decode === 'function') {
      image.decode().then(done, done);
    } else if (image.complete) {
      done();
    } else {
      image.addEventListener('load', done);
      image.addEventListener('error', done);
    }
  });
}

/**
 * Resolves after the browser's next paint: the image that just loaded is drawn before the
 * scripts' first long task holds the main thread. A hidden tab paints no frames: then after
 * `limitMs` anyway.
 */
export function afterNextPaint(limitMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
