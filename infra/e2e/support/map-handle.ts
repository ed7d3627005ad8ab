import type { Page } from '@playwright/test';

/** What the search map hangs on its element for tests (mf-public's ol-map.tsx): a canvas has no DOM to read. */
interface MapHandle {
  zoom(): number;
  clusters(): { x: number; y: number; size: number }[];
  renderSync(): number;
}

const handle = (page: Page) => page.locator('[data-map-ready]');

/** The search map's zoom level. */
export const mapZoom = (page: Page) => handle(page).evaluate((el) => (el as unknown as { __rendimeMap: MapHandle }).__rendimeMap.zoom());

/**
 * The marker clusters on the search map, in the map element's pixels. The map is drawn first:
 * its clusters follow the markers only at the next frame, so a read before it could find none.
 */
export const mapClusters = (page: Page) =>
  handle(page).evaluate((el) => {
    const map = (el as unknown as { __rendimeMap: MapHandle }).__rendimeMap;
    map.renderSync();
    return map.clusters();
  });
