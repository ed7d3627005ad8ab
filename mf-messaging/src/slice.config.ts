import { defineSlice, widgets } from 'shared-kernel/platform';

/** mf-messaging's one declaration (ADR 0028): remote.json, its router and the kernel's DeclaredPath come from here. */
export const slice = defineSlice({
  name: 'mf-messaging',
  scope: 'mf_messaging',
  devPort: 5005,
  routes: {
    messages: '/auth/messages',
  },
  nav: [],
  widgets: {
    provides: [
      { contract: widgets.unreadBadges, source: './src/widgets/unread-badges.tsx' },
      { contract: widgets.messageDialog, source: './src/widgets/message-dialog.tsx' },
    ],
    consumes: [],
  },
  events: { emits: ['unread-counts-changed'], listens: ['session-changed'] },
});
