import { Place, PlaceList, ReverseGeocodeResult } from 'shared-kernel/schemas';
import { createTestApp, type TestContext } from '../src/testing/test-app';
import settlements from '../src/places/estonian-settlements.json';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const complete = async (q: string) =>
  PlaceList.parse((await ctx.app.inject({ url: `/places/autocomplete?q=${encodeURIComponent(q)}` })).json());

describe('places gazetteer', () => {
  it('ships 100+ Estonian settlements inside Estonia', () => {
    expect(settlements.length).toBeGreaterThanOrEqual(100);
    for (const s of settlements) {
      expect(s.lat).toBeGreaterThan(57.5);
      expect(s.lat).toBeLessThan(59.85);
      expect(s.lon).toBeGreaterThan(21.7);
      expect(s.lon).toBeLessThan(28.3);
    }
  });

  it('completes by prefix, with or without Estonian letters', async () => {
    expect((await complete('Pär'))[0].name).toBe('Pärnu');
    expect((await complete('par'))[0].name).toBe('Pärnu');
    expect((await complete('johvi'))[0].name).toBe('Jõhvi');
    expect((await complete('Võ')).map((p) => p.name)).toContain('Võru');
    expect((await complete('jarva')).map((p) => p.name)).toContain('Järva-Jaani');
  });

  it('tolerates a typo', async () => {
    expect((await complete('Tarty'))[0].name).toBe('Tartu');
    expect((await complete('Viljndi')).map((p) => p.name)).toContain('Viljandi');
  });

  it('geocodes by id and reverse-geocodes to the nearest settlement', async () => {
    const [tartu] = await complete('Tartu');
    const byId = Place.parse((await ctx.app.inject({ url: `/places/${tartu.id}` })).json());
    expect(byId.lat).toBeCloseTo(58.378, 2);
    const near = ReverseGeocodeResult.parse((await ctx.app.inject({ url: '/places/reverse?lat=59.44&lon=24.75' })).json());
    expect(near.name).toBe('Tallinn');
    expect(near.distanceInKm).toBeLessThan(2);
    expect((await ctx.app.inject({ url: '/places/no-such-place' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/places/reverse?lat=abc&lon=1' })).statusCode).toBe(400);
    expect(await complete('')).toEqual([]);
  });
});
