import { defineSlice } from 'shared-kernel/platform';

/** mf-owner's one declaration (ADR 0028): remote.json, its router and the kernel's DeclaredPath come from here. */
export const slice = defineSlice({
  name: 'mf-owner',
  scope: 'mf_owner',
  devPort: 5003,
  routes: {
    myProducts: '/auth/my-products',
    ownerView: '/auth/detail-view/:id',
    timeManagement: '/auth/time-management',
    addProduct: '/auth/add-product',
    editProduct: '/auth/edit-product/:id',
  },
  nav: [
    { group: 'lessors', label: 'Anna rendile', to: '/auth/add-product', order: 10 },
    { group: 'lessors', label: 'Minu tooted', to: '/auth/my-products', order: 20 },
    { group: 'lessors', label: 'Toodete haldus', to: '/auth/time-management', order: 30 },
  ],
  widgets: { provides: [], consumes: [] },
  events: { emits: ['notice'], listens: ['session-changed'] },
});
