import fp from 'fastify-plugin';
import { LiveHub } from './live-hub';

/** The instance's live hub: listens on the database from start until the app closes. */
export const liveHub = fp(
  async (app) => {
    const hub = new LiveHub(
      app.database,
      (userId) => app.messageRepository.unreadCounts(userId),
      (error) => app.log.error({ err: error }, 'live counts failed'),
      (userId, afterId, limit) => app.messageRepository.messagesSince(userId, afterId, limit),
    );
    await hub.start();
    app.decorate('liveHub', hub);
    // preClose: before Fastify waits for open connections, which the streams would hold forever.
    app.addHook('preClose', async () => hub.stop());
  },
  { name: 'live-hub', dependencies: ['db', 'message-repository'] },
);
