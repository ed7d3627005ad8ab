import { makeOwnerProduct, makeOwnerReservation } from '../../../testing/owner-fixtures';
import { nextReservation, pageOf } from './table-model';

const NOW = Date.parse('2026-11-20T10:00:00Z');

describe('nextReservation', () => {
  it('is the earliest one still holding time that has not ended, an ongoing one included', () => {
    const product = makeOwnerProduct({
      ownerReservations: [
        makeOwnerReservation({ id: 1, status: 'ACCEPTED', startTs: '2026-12-10T06:00:00Z', endTs: '2026-12-11T06:00:00Z' }),
        makeOwnerReservation({ id: 2, status: 'CANCELLED', startTs: '2026-11-25T06:00:00Z', endTs: '2026-11-26T06:00:00Z' }),
        makeOwnerReservation({ id: 3, status: 'FINISHED', startTs: '2026-11-01T06:00:00Z', endTs: '2026-11-02T06:00:00Z' }),
        makeOwnerReservation({ id: 4, status: 'MANUAL', startTs: '2026-11-19T06:00:00Z', endTs: '2026-11-21T06:00:00Z' }),
      ],
    });
    expect(nextReservation(product, NOW)?.id).toBe(4);
    expect(nextReservation(product, Date.parse('2026-11-22T00:00:00Z'))?.id).toBe(1);
    expect(nextReservation(makeOwnerProduct(), NOW)).toBeNull();
  });
});

describe('pageOf', () => {
  it('keeps the page inside the rows after they shrink', () => {
    expect(pageOf([1, 2, 3], 5, 2)).toEqual({ rows: [3], page: 1, pages: 2 });
    expect(pageOf([], 0, 10)).toEqual({ rows: [], page: 0, pages: 1 });
  });
});
