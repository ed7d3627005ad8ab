import { defineSlice, widgets } from 'shared-kernel/platform';

/** mf-booking's one declaration (ADR 0028): remote.json, its router and the kernel's DeclaredPath come from here. */
export const slice = defineSlice({
  name: 'mf-booking',
  scope: 'mf_booking',
  devPort: 5002,
  routes: {
    myRentals: '/auth/my-rentals',
    contracts: '/auth/contracts',
    rentProduct: '/auth/rent-product/:id',
    rentCompleted: '/auth/rent-completed',
    reservations: '/auth/reservations',
    rentSuccess: '/public/rent-success',
    goKartSuccess: '/public/raasilla-success',
    reservationCancel: '/public/reservation-cancel/:hash/:name',
  },
  nav: [
    { group: 'common', label: 'Rendilepingud', to: '/auth/contracts', order: 20 },
    { group: 'lessors', label: 'Aktiivsed broneeringud', to: '/auth/reservations', order: 40 },
    { group: 'renters', label: 'Renditud tooted', to: '/auth/my-rentals', order: 20 },
  ],
  widgets: {
    provides: [{ contract: widgets.bookingPanel, source: './src/widgets/booking-panel.tsx' }],
    consumes: [widgets.messageDialog],
  },
  events: { emits: ['notice', 'reservation-changed'], listens: ['session-changed'] },
});
