import type { widgets, WidgetComponent } from 'shared-kernel/platform';
import { UnreadBadges } from '../features/badges/components/unread-badges';

/** Exposed as `mf-messaging/unread-badges`: the shell's top bar renders it, signed in or not. */
export const Widget: WidgetComponent<typeof widgets.unreadBadges> = () => <UnreadBadges />;
