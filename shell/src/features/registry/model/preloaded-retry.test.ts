import { reloadForRetry, wasPreloaded } from './preloaded-retry';

describe('retrying a slice the page preloaded', () => {
  it('knows which entries the page preloaded as scripts', () => {
    document.head.innerHTML =
      '<link rel="preload" href="http://localhost:3005/1.0.0+abc/mf-manifest.json" as="fetch" crossorigin="anonymous">' +
      '<link rel="preload" href="http://localhost:3005/1.0.0+abc/remoteEntry.js" as="script">';
    expect(wasPreloaded('http://localhost:3005/1.0.0+abc/mf-manifest.json')).toBe(true);
    expect(wasPreloaded('http://localhost:3005/1.0.0+abc/mf-manifest.json?retry=1')).toBe(true);
    // Another version (a fallback) or another remote was not preloaded: it can load in place.
    expect(wasPreloaded('http://localhost:3005/0.9.0+def/mf-manifest.json')).toBe(false);
    expect(wasPreloaded('http://localhost:3001/1.0.0+abc/mf-manifest.json')).toBe(false);
  });

  it('reloads the page instead of loading again in place', () => {
    const reload = jest.fn();
    const pending = reloadForRetry(reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(pending).toBeInstanceOf(Promise);
  });
});
