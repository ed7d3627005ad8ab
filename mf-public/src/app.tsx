import { createSliceLifecycles } from 'shared-kernel/platform';
import { PlatformProvider } from 'shared-kernel/ui';
import { SliceRoutes } from './routes';

export const { bootstrap, mount, unmount } = createSliceLifecycles({
  name: __APP_NAME__,
  version: __APP_VERSION__,
  Root: SliceRoutes,
  Provider: PlatformProvider,
});
