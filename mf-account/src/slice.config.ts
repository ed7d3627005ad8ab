import { defineSlice, widgets } from 'shared-kernel/platform';

/** mf-account's one declaration (ADR 0028): remote.json, its router and the kernel's DeclaredPath come from here. */
export const slice = defineSlice({
  name: 'mf-account',
  scope: 'mf_account',
  devPort: 5004,
  routes: {
    profile: '/auth/user-profile',
    admin: '/auth/admin',
    remoteHealth: '/auth/admin/remote-health',
    adminUsers: '/auth/admin/users',
    adminPayouts: '/auth/admin/payouts',
    adminDisputes: '/auth/admin/disputes',
    verifyIdentity: '/auth/verify-identity',
    account: '/auth/account',
    savedProducts: '/auth/saved-products',
  },
  nav: [
    { group: 'common', label: 'Konto seaded', to: '/auth/user-profile', order: 10 },
    { group: 'common', label: 'Arveldus', to: '/auth/account', order: 30 },
    { group: 'renters', label: 'Salvestatud tooted', to: '/auth/saved-products', order: 30 },
  ],
  widgets: {
    provides: [{ contract: widgets.identityCheck, source: './src/widgets/identity-check.tsx' }],
    consumes: [],
  },
  events: { emits: ['notice'], listens: ['session-changed', 'reservation-changed'] },
});
