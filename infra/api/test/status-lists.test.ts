import { ReservationStatus } from 'shared-kernel/schemas';
import { reservationStatuses } from '../src/db/schema';

// The Drizzle schema keeps its own copy of the statuses so drizzle-kit can read schema.ts without
// resolving the workspace; this holds the copy to the kernel's contract.
it('the database knows exactly the reservation statuses of the kernel contract', () => {
  expect([...reservationStatuses]).toEqual(ReservationStatus.options);
});
