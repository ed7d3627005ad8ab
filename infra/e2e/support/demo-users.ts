import { demoUsers } from 'infra-api/demo-users';

function demo(key: (typeof demoUsers)[number]['key']) {
  const u = demoUsers.find((d) => d.key === key);
  if (!u) throw new Error(`demo user ${key} missing`);
  return { username: u.email, password: u.password, fullName: [u.name, u.lastName].filter(Boolean).join(' ') };
}

export const DEMO = {
  renter: demo('renter'),
  owner: demo('privateOwner'),
  other: demo('secondOwner'),
  needsId: demo('needsId'),
  businessOwner: demo('businessOwner'),
  karting: demo('karting'),
  suspended: demo('suspended'),
  admin: demo('admin'),
};
