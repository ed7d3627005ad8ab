import { createSliceLifecycles } from 'shared-kernel/platform';
import { PlatformProvider } from 'shared-kernel/ui';
import { SliceRoutes } from './routes';
import { followReservationChanges } from './api/follow-reservation-changes';

// Once per page load, for as long as the slice's code is loaded, mounted or not: its cached counts
// must hear of a reservation changed on a booking page.
followReservationChanges();

export const { bootstrap, mount, unmount } = createSliceLifecycles({
  name: __APP_NAME__,
  version: __APP_VERSION__,
  Root: SliceRoutes,
  Provider: PlatformProvider,
});
