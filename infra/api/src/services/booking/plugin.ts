import fp from 'fastify-plugin';
import { BookingService } from '.';

/** Decorates the app with the booking service (on the reservation repository). */
export const bookingService = fp(
  async (app) => {
    app.decorate('bookingService', new BookingService(app.db, app.reservationRepository, app.gokartRepository));
  },
  { name: 'booking-service', dependencies: ['db', 'reservation-repository', 'gokart-repository'] },
);
