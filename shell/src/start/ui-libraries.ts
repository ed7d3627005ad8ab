import { setPlatformHost } from 'shared-kernel/platform';
import { loadSession } from 'shared-kernel/session';
import { PlatformProvider } from 'shared-kernel/ui';

/**
 * The libraries the start's second step evaluates (see ./libraries): Chakra and Emotion through
 * the kernel's UI, and the kernel's platform and session singletons.
 */
export const UI_LIBRARIES = [PlatformProvider, setPlatformHost, loadSession];
