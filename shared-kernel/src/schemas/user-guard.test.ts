import { EURO_VALUES, fieldVariants, sameAsSchema } from '../guards/guard-table';
import { SessionResponse } from './user';
import { SessionResponseGuard } from './user-guard';

const contact = { id: 1, type: 'EMAIL', value: 'mari@example.ee', prime: true };
const user = {
  id: 7,
  username: 'mari@example.ee',
  name: 'Mari',
  lastName: 'Maasikas',
  type: 'B2C',
  isB2b: false,
  allowVat: false,
  allowEmail: true,
  accountNr: null,
  accountBalance: 12.5,
  contactInfos: [contact],
  roles: ['ROLE_USER'],
};

const inputs: unknown[] = [
  null,
  undefined,
  'x',
  [],
  ...fieldVariants(user, {
    lastName: [null],
    type: ['B2B', 'b2c', 'PERSON'],
    accountNr: [null, 'EE12'],
    accountBalance: EURO_VALUES,
    contactInfos: [
      [],
      [null],
      [contact, { ...contact, x: 1 }],
      ...fieldVariants(contact, { type: ['PHONE', 'ADDRESS', 'FAX'], id: [2 ** 60] }).map((c) => [c]),
    ],
    roles: [[], ['ROLE_ADMIN', 'ROLE_NEW'], [1]],
  }),
];

describe('the session guard decides as SessionResponse', () => {
  it.each(inputs.map((input, i) => [i, input]))('answer %i', (_, input) => sameAsSchema(SessionResponse, SessionResponseGuard, input));
});
