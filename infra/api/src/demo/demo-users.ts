import type { RoleName } from 'shared-kernel/schemas';

export interface DemoUser {
  key:
    'renter' | 'privateOwner' | 'businessOwner' | 'needsId' | 'limited' | 'admin' | 'karting' | 'machinery' | 'secondOwner' | 'suspended';
  /** Sign-in e-mail (also the username). */
  email: string;
  password: string;
  description: string;
  type: 'B2B' | 'B2C';
  name: string;
  lastName: string | null;
  identityCode: string | null;
  registryCode?: string;
  representativeName?: string;
  allowVat: boolean;
  roles: RoleName[];
  verified: boolean;
  phone: string;
  accountNr: string | null;
  /** Suspended by the platform (spec 6: misuse or false data): sign-in is refused. */
  suspended?: boolean;
}

/** Demo sign-ins; the dev runner prints these and the README lists them. */
export const demoUsers: readonly DemoUser[] = [
  {
    key: 'renter',
    email: 'rentija@rendime.ee',
    password: 'Rentija123',
    description: 'Verified private renter with 150 € on the account',
    type: 'B2C',
    name: 'Mari',
    lastName: 'Maasikas',
    identityCode: '49002280001',
    allowVat: false,
    roles: ['ROLE_USER'],
    verified: true,
    phone: '+37255512345',
    accountNr: 'EE382200221020145685',
  },
  {
    key: 'privateOwner',
    email: 'omanik@rendime.ee',
    password: 'Omanik123',
    description: 'Verified private owner (lends trailers, saunas, tools)',
    type: 'B2C',
    name: 'Jaan',
    lastName: 'Tamm',
    identityCode: '38507140211',
    allowVat: false,
    roles: ['ROLE_USER'],
    verified: true,
    phone: '+37255523456',
    accountNr: null,
  },
  {
    key: 'businessOwner',
    email: 'firma@rendime.ee',
    password: 'Firma1234',
    description: 'Business owner, VAT-liable (Rendiäri OÜ): lifts, heavy machinery, vehicles',
    type: 'B2B',
    name: 'Rendiäri OÜ',
    lastName: null,
    identityCode: '38501140035',
    registryCode: '12345678',
    representativeName: 'Peeter Põder',
    allowVat: true,
    roles: ['ROLE_USER'],
    verified: true,
    phone: '+37255534567',
    accountNr: 'EE382200221020145685',
  },
  {
    key: 'needsId',
    email: 'uus@rendime.ee',
    password: 'Uuskasutaja1',
    description: 'Private user who still has to verify identity (ROLE_USER_B2C_NEED_ID)',
    type: 'B2C',
    name: 'Uus',
    lastName: 'Kasutaja',
    identityCode: 'Kinnitamata',
    allowVat: false,
    roles: ['ROLE_USER_B2C_NEED_ID'],
    verified: false,
    phone: '+37255545678',
    accountNr: null,
  },
  {
    key: 'limited',
    email: 'piiratud@rendime.ee',
    password: 'Piiratud123',
    description:
      "Limited user (ROLE_USER_LIMITED, listed for payment defaults): books within the terms' 500 € debtor limit, cannot deposit",
    type: 'B2C',
    name: 'Priit',
    lastName: 'Piiratud',
    identityCode: '60512311231',
    allowVat: false,
    roles: ['ROLE_USER_LIMITED'],
    verified: true,
    phone: '+37255556789',
    accountNr: null,
  },
  {
    key: 'admin',
    email: 'admin@rendime.ee',
    password: 'Admin1234',
    description: 'Administrator (ROLE_ADMIN)',
    type: 'B2C',
    name: 'Anne',
    lastName: 'Admin',
    identityCode: '50002290013',
    allowVat: false,
    roles: ['ROLE_ADMIN'],
    verified: true,
    phone: '+37255567890',
    accountNr: null,
  },
  {
    key: 'karting',
    email: 'kart@rendime.ee',
    password: 'Kardirada123',
    description: 'Business owner of the Rääsilla go-kart track (product 229)',
    type: 'B2B',
    name: 'Rääsilla Kardikeskus OÜ',
    lastName: null,
    identityCode: '38501140270',
    registryCode: '11223341',
    representativeName: 'Karl Kart',
    allowVat: true,
    roles: ['ROLE_USER'],
    verified: true,
    phone: '+37255578901',
    accountNr: null,
  },
  {
    key: 'machinery',
    email: 'masinad@rendime.ee',
    password: 'Masinad123',
    description: 'Business owner without VAT (Masinarent OÜ)',
    type: 'B2B',
    name: 'Masinarent OÜ',
    lastName: null,
    identityCode: '38507140211',
    registryCode: '14567897',
    representativeName: 'Mart Mänd',
    allowVat: false,
    roles: ['ROLE_USER'],
    verified: true,
    phone: '+37255589012',
    accountNr: null,
  },
  {
    key: 'secondOwner',
    email: 'kadri@rendime.ee',
    password: 'Kadri1234',
    description: 'Second private owner (hobby, video/audio, home and garden)',
    type: 'B2C',
    name: 'Kadri',
    lastName: 'Kask',
    identityCode: '60512311231',
    allowVat: false,
    roles: ['ROLE_USER'],
    verified: true,
    phone: '+37255590123',
    accountNr: null,
  },
  {
    key: 'suspended',
    email: 'peatatud@rendime.ee',
    password: 'Peatatud123',
    description: 'Account suspended by the platform: sign-in is refused with Konto on peatatud',
    type: 'B2C',
    name: 'Peeter',
    lastName: 'Peatatud',
    identityCode: '38001085718',
    allowVat: false,
    roles: ['ROLE_USER'],
    verified: true,
    phone: '+37255501234',
    accountNr: null,
    suspended: true,
  },
];
