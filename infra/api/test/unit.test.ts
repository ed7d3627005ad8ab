import {
  circleBounds,
  fractionBetween,
  rectangleEarthBounds,
  SEARCH_EARTH_RADIUS_KM,
  withoutContainedWords,
  type ColumnStats,
} from '../src/repositories/search-repository';
import { readEnv } from '../src/env';
import { escapeHtml, linkifyEscaped } from '../src/lib/html';
import { isValidRegistryCode } from '../src/services/business-register';

describe('registry code', () => {
  it('checks prefix, length and check digit', () => {
    expect(isValidRegistryCode('12345678')).toBe(true);
    expect(isValidRegistryCode('12345670')).toBe(false);
    expect(isValidRegistryCode('22345678')).toBe(false);
    expect(isValidRegistryCode('1234567')).toBe(false);
  });
});

describe('env', () => {
  it('has the documented defaults', () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      PORT: 3100,
      PUBLIC_SITE_URL: 'http://localhost:3000',
      FILES_PUBLIC_PATH: '/api/files',
      ALLOWED_ORIGINS: ['http://localhost:3000'],
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toMatch(/infra\/api\/\.data$/);
  });
  it('refuses bad values in one place', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(readEnv({ ALLOWED_ORIGINS: 'http://a.ee, http://b.ee' }).ALLOWED_ORIGINS).toEqual(['http://a.ee', 'http://b.ee']);
  });
});

describe('html escaping', () => {
  it('escapes markup and links only URLs', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(linkifyEscaped('see https://x.ee/?a=1&b=<2> now')).toBe(
      'see <a href="https://x.ee/?a=1&amp;b=" rel="noopener noreferrer">https://x.ee/?a=1&amp;b=</a>&lt;2&gt; now',
    );
  });
});

describe('typo words for search', () => {
  it('drops a name word that holds a better-scoring shorter one, and keeps it when it scores higher', () => {
    const q = (word: string, similarity: number) => ({ query: 'hagis', word, similarity });
    expect(withoutContainedWords([q('kastihaagis', 0.5), q('haagis', 0.625), q('paadihaagis', 0.5)]).map((w) => w.word)).toEqual([
      'haagis',
    ]);
    const longer = [q('haagis', 0.45), q('kastihaagis', 0.8)];
    expect(
      withoutContainedWords(longer)
        .map((w) => w.word)
        .sort(),
    ).toEqual(['haagis', 'kastihaagis']);
    // Another query word's matches are never pruned by this one's.
    expect(withoutContainedWords([q('haagis', 0.6), { query: 'kast', word: 'kastihaagis', similarity: 0.5 }])).toHaveLength(2);
  });
});

describe('search boxes', () => {
  const rad = Math.PI / 180;
  const unit = (lat: number, lon: number) => [
    Math.cos(lat * rad) * Math.cos(lon * rad),
    Math.cos(lat * rad) * Math.sin(lon * rad),
    Math.sin(lat * rad),
  ];
  // Deterministic pseudo-random numbers, so a failure can be reproduced.
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };

  it('puts every point of a search circle inside its latitude/longitude box', () => {
    for (const [lat, lon, km] of [
      [58.378, 26.729, 25],
      [59.437, 24.7536, 30],
      [-33.9, 18.4, 500],
      [70, 179.5, 50],
      [0, 0, 2000],
    ]) {
      const b = circleBounds(lat, lon, km);
      const outside: number[][] = [];
      for (let i = 0; i < 2000; i++) {
        // A point at a random bearing, at a distance up to the radius (the rim included).
        const d = (i % 10 === 0 ? 1 : random()) * (km / SEARCH_EARTH_RADIUS_KM);
        const bearing = random() * 2 * Math.PI;
        const lat2 = Math.asin(Math.sin(lat * rad) * Math.cos(d) + Math.cos(lat * rad) * Math.sin(d) * Math.cos(bearing)) / rad;
        const lon2 =
          lon +
          Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat * rad), Math.cos(d) - Math.sin(lat * rad) * Math.sin(lat2 * rad)) / rad;
        const lonOut = b.minLon !== null && b.maxLon !== null && (lon2 < b.minLon || lon2 > b.maxLon);
        if (lat2 < b.minLat || lat2 > b.maxLat || lonOut) outside.push([lat2, lon2]);
      }
      expect([lat, lon, km, outside]).toEqual([lat, lon, km, []]);
    }
    // Tight: 25 km is 0.2248° of latitude.
    expect(circleBounds(58.378, 26.729, 25).maxLat - 58.378).toBeCloseTo(0.2248, 4);
    // Across ±180° or round a pole no longitude range is given.
    expect(circleBounds(70, 179.5, 50).minLon).toBeNull();
    expect(circleBounds(89.9, 0, 50).minLon).toBeNull();
  });

  it('puts every point of a latitude/longitude rectangle inside its earth box', () => {
    for (const [minLat, maxLat, minLon, maxLon] of [
      [58.2, 58.6, 26.3, 27.1],
      [57.5, 59.8, 21.7, 28.3],
      [-10, 10, -20, 20],
      [-80, 60, 80, 100],
      [-90, 90, -180, 180],
    ]) {
      const { min, max } = rectangleEarthBounds(minLat, maxLat, minLon, maxLon);
      const outside: number[][] = [];
      for (let i = 0; i < 2000; i++) {
        // Corners and edges too, where the extremes usually are.
        const pick = (a: number, b: number) => (i % 4 === 0 ? a : i % 4 === 1 ? b : a + random() * (b - a));
        const p = unit(pick(minLat, maxLat), i % 8 < 4 ? pick(minLon, maxLon) : pick(maxLon, minLon));
        if (p.some((v, k) => v < min[k] || v > max[k])) outside.push(p);
      }
      expect([minLat, maxLat, minLon, maxLon, outside]).toEqual([minLat, maxLat, minLon, maxLon, []]);
    }
    // Tight for a map view: the box is no wider than its corners and edges need.
    const { min, max } = rectangleEarthBounds(58.2, 58.6, 26.3, 27.1);
    expect(max[2] - min[2]).toBeCloseTo(Math.sin(58.6 * rad) - Math.sin(58.2 * rad), 8);
  });
});

describe('column statistics', () => {
  it('estimates a range from the most common values and the histogram as the planner does', () => {
    // 10% null, 20% the value 5, the other 70% spread over 0..10 in four equal-count buckets.
    const stats: ColumnStats = { nullFrac: 0.1, mcv: [5], mcf: [0.2], hist: [0, 1, 2, 6, 10] };
    expect(fractionBetween(stats, -100, 100)).toBeCloseTo(0.9, 10);
    expect(fractionBetween(stats, 0, 2)).toBeCloseTo(0.35, 10);
    expect(fractionBetween(stats, 4, 5)).toBeCloseTo(0.2 + 0.7 * (0.25 / 4), 10);
    expect(fractionBetween(stats, 11, 12)).toBe(0);
    expect(fractionBetween({ nullFrac: 0, mcv: [], mcf: [], hist: [] }, 0, 1)).toBe(0);
  });
});
