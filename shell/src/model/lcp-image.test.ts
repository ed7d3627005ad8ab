import { afterNextPaint, imageSettled, lcpImage } from './lcp-image';

function page({ preload = true, inView = true, complete = false } = {}) {
  document.head.innerHTML = preload ? '<link rel="preload" as="image" href="/api/files/pilt.jpg" fetchpriority="high">' : '';
  document.body.innerHTML = '<img src="/api/files/pilt.jpg" alt="">';
  const img = document.querySelector('img')!;
  Object.defineProperty(img, 'complete', { value: complete, configurable: true });
  img.getBoundingClientRect = () =>
    ({ top: inView ? 120 : 2000, bottom: inView ? 380 : 2260, left: 0, right: 400, width: 400, height: 260 }) as DOMRect;
  return img;
}

/** Whether a promise has settled yet, read after advancing the fake clock. */
function watch(promise: Promise<void>): () => boolean {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  return () => settled;
}

describe('the main image a server-rendered page waits for', () => {
  afterEach(() => {
    jest.useRealTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('is the preloaded high-priority image on screen, loading or loaded (a loaded one may not be drawn yet)', () => {
    expect(lcpImage(document)).toBeNull();
    const img = page();
    expect(lcpImage(document)).toBe(img);
    const loaded = page({ complete: true });
    expect(lcpImage(document)).toBe(loaded);
  });

  it('is none when nothing is preloaded or the image is below the screen', () => {
    page({ preload: false });
    expect(lcpImage(document)).toBeNull();
    page({ inView: false });
    expect(lcpImage(document)).toBeNull();
  });

  it('is waited for until decoded, or failed, where the browser can decode', async () => {
    jest.useFakeTimers();
    for (const outcome of ['decoded', 'failed'] as const) {
      const img = page();
      let finish: (ok: boolean) => void = () => undefined;
      img.decode = () => new Promise<void>((resolve, reject) => (finish = (ok) => (ok ? resolve() : reject(new Error('broken')))));
      const settled = watch(imageSettled(img, 2_500));
      await jest.advanceTimersByTimeAsync(1_000);
      expect(settled()).toBe(false);
      finish(outcome === 'decoded');
      await jest.advanceTimersByTimeAsync(0);
      expect(settled()).toBe(true);
    }
  });

  it('is waited for until it loads or fails, and no longer than the limit', async () => {
    jest.useFakeTimers();
    for (const event of ['load', 'error']) {
      const img = page();
      const settled = watch(imageSettled(img, 2_500));
      await jest.advanceTimersByTimeAsync(1_000);
      expect(settled()).toBe(false);
      img.dispatchEvent(new Event(event));
      await jest.advanceTimersByTimeAsync(0);
      expect(settled()).toBe(true);
    }
    const slow = watch(imageSettled(page(), 2_500));
    await jest.advanceTimersByTimeAsync(2_499);
    expect(slow()).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(slow()).toBe(true);
  });

  it('goes on after the next frame is painted, or after its limit in a tab that paints none', async () => {
    jest.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    try {
      const painted = watch(afterNextPaint(100));
      await jest.advanceTimersByTimeAsync(50);
      expect(painted()).toBe(false);
      frames.shift()!(0);
      await jest.advanceTimersByTimeAsync(0);
      expect(painted()).toBe(true);
      const hidden = watch(afterNextPaint(100));
      await jest.advanceTimersByTimeAsync(100);
      expect(hidden()).toBe(true);
    } finally {
      raf.mockRestore();
    }
  });
});
