/** mulberry32: tiny, fast and deterministic, so the demo data is the same on every machine. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
    weighted: <T extends { weight: number }>(list: readonly T[]): T => {
      const total = list.reduce((s, x) => s + x.weight, 0);
      let r = next() * total;
      for (const item of list) {
        r -= item.weight;
        if (r <= 0) return item;
      }
      return list[list.length - 1];
    },
  };
}
export type Random = ReturnType<typeof createRandom>;
