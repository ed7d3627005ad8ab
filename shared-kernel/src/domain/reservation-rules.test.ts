import { holdsTime, HOLDING_RESERVATION_STATUSES, periodsOverlap, RELEASED_RESERVATION_STATUSES, reservationStatusLabel } from './index';

describe('which reservations hold time', () => {
  it('REQUESTED, PENDING_PAYMENT, ACCEPTED, CAPTURED and MANUAL hold; the rest free it', () => {
    for (const s of ['REQUESTED', 'PENDING_PAYMENT', 'ACCEPTED', 'CAPTURED', 'MANUAL']) expect(holdsTime(s)).toBe(true);
    for (const s of ['DECLINED', 'DECLINED_BY_SYSTEM', 'CANCELLED', 'TERMINATED', 'FINISHED', 'whatever']) expect(holdsTime(s)).toBe(false);
    expect(HOLDING_RESERVATION_STATUSES.filter((s) => (RELEASED_RESERVATION_STATUSES as readonly string[]).includes(s))).toEqual([]);
    expect(reservationStatusLabel('REQUESTED')).toBe('Kinnitamata');
    // Issue 25: a manual rent's reservation showed its raw code on the request page.
    expect(reservationStatusLabel('MANUAL')).toBe('Käsitsi');
  });

  it('treats periods as end-exclusive', () => {
    expect(periodsOverlap({ startMs: 0, endMs: 10 }, { startMs: 10, endMs: 20 })).toBe(false);
    expect(periodsOverlap({ startMs: 0, endMs: 11 }, { startMs: 10, endMs: 20 })).toBe(true);
    expect(periodsOverlap({ startMs: 12, endMs: 13 }, { startMs: 10, endMs: 20 })).toBe(true);
  });
});
