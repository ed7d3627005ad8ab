import { mountStandalone } from 'shared-kernel/platform/standalone';
import { PlatformProvider } from 'shared-kernel/ui';
import { SliceRoutes } from './routes';

mountStandalone({ name: __APP_NAME__, version: __APP_VERSION__, Root: SliceRoutes, Provider: PlatformProvider });
