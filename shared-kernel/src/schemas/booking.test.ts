import { Instant, NewReservationRequest, PriceQuery } from './index';

describe('booking schemas', () => {
  it('takes instants only with an offset, in 2000-2100', () => {
    expect(Instant.safeParse('2025-06-02T05:00:00.000Z').success).toBe(true);
    expect(Instant.safeParse('2025-06-02T08:00:00+03:00').success).toBe(true);
    for (const bad of [
      '2025-06-02T08:00:00',
      '2025-06-02',
      '02.06.2025 08:00',
      '1999-12-31T23:00:00Z',
      '2101-01-01T00:00:00Z',
      '2025-06-02T05:00:00Z\u0000',
      '2025-02-30T05:00:00Z',
    ]) {
      expect(Instant.safeParse(bad).success).toBe(false);
    }
  });

  it('reads price-query numbers from the query string and refuses nonsense', () => {
    expect(PriceQuery.parse({ startTs: '2025-06-02T05:00:00Z', endTs: '2025-06-03T05:00:00Z', priceDaily: '30.5' }).priceDaily).toBe(30.5);
    for (const bad of ['-1', 'abc', 'Infinity', '1e9']) {
      expect(PriceQuery.safeParse({ startTs: '2025-06-02T05:00:00Z', endTs: '2025-06-03T05:00:00Z', priceDaily: bad }).success).toBe(false);
    }
  });

  it('takes services as ids or {id, cost} once each; a negative cost is left for the server to name', () => {
    const base = { startTs: '2025-06-02T05:00:00Z', endTs: '2025-06-03T05:00:00Z' };
    expect(NewReservationRequest.safeParse({ ...base, additionalServices: [1, { id: 2, cost: -5 }] }).success).toBe(true);
    expect(NewReservationRequest.safeParse({ ...base, additionalServices: [1, { id: 1 }] }).success).toBe(false);
    expect(NewReservationRequest.safeParse({ ...base, additionalServices: [0] }).success).toBe(false);
    expect(NewReservationRequest.safeParse({ ...base, additionalServices: 'x' }).success).toBe(false);
  });
});
