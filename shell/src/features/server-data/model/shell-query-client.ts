import type { QueryClient } from '@tanstack/react-query';
import { createPlatformQueryClient, setPlatformQueryClient } from 'shared-kernel/platform';
import { sessionStore } from 'shared-kernel/session';

type SessionSource = Pick<typeof sessionStore, 'getState' | 'subscribe'>;

/**
 * Creates the page's one query client and publishes it to the slices. When the signed-in user
 * changes (sign-in, sign-out, another account), what was cached for the previous one must not be
 * shown to the next: unused answers are dropped and the ones on screen are asked again.
 */
export function createShellQueryClient(session: SessionSource = sessionStore): QueryClient {
  const client = createPlatformQueryClient();
  setPlatformQueryClient(client);
  const viewerOf = (state: ReturnType<SessionSource['getState']>) => (state.status === 'loading' ? undefined : (state.user?.id ?? null));
  // undefined until the session is first known: that first answer is no change of user.
  let viewer = viewerOf(session.getState());
  session.subscribe((state) => {
    const next = viewerOf(state);
    if (next === undefined) return;
    if (viewer !== undefined && next !== viewer) {
      client.removeQueries({ type: 'inactive' });
      void client.invalidateQueries();
    }
    viewer = next;
  });
  return client;
}
