import { fieldVariants, sameAsSchema, WRONG_TYPES } from '../guards/guard-table';
import { envelopeGuard, eventGuards } from './event-guards';
import { envelopeSchema, eventSchemas } from './event-schemas';

const user = { id: 7, username: 'mari', roles: ['ROLE_USER'], name: 'Mari', extra: { a: 1 } };

const tables = {
  'session-changed': [
    ...fieldVariants(
      { user },
      { user: [null, { ...user, id: 1.5 }, { ...user, roles: 'ROLE_USER' }, { id: 1, username: 'x', roles: [] }] },
    ),
    ...fieldVariants(user, { id: [-3, 1.5, 2 ** 60], roles: [[], [1], ['a', null]] }).map((u) => ({ user: u })),
  ],
  notice: fieldVariants(
    { type: 'success', message: 'Salvestatud', durationMs: 4000 },
    { type: ['info', 'warning', 'error', 'danger'], message: ['x'], durationMs: [1, 0, -1, 0.5, 2 ** 60] },
  ),
  'unread-counts-changed': fieldVariants({ messages: 0, notifications: 3 }, { messages: [1, -1, 0.5], notifications: [-0, 2 ** 60] }),
  'reservation-changed': fieldVariants({ reservationId: 12, status: 'CONFIRMED' }, { reservationId: [-1, 0], status: ['x'] }),
} as const;

describe('the event guards decide as the event schemas', () => {
  it.each(Object.keys(tables) as (keyof typeof tables)[])('%s', (name) => {
    for (const input of [undefined, ...WRONG_TYPES, ...tables[name]]) sameAsSchema(eventSchemas[name], eventGuards[name], input);
  });

  it('the envelope', () => {
    const envelope = { version: 1, source: 'kabc', payload: { x: 1 }, more: true };
    for (const input of [
      undefined,
      ...WRONG_TYPES,
      ...fieldVariants(envelope, { version: [2, 0, -1, 1.5, 2 ** 60], payload: [undefined, null] }),
    ])
      sameAsSchema(envelopeSchema, envelopeGuard, input);
  });
});
