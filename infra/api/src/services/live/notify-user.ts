import type { FastifyInstance } from 'fastify';
import type { NewNotification } from '../../repositories/notification-repository';

/**
 * Records a notification (the database tells the live streams) with its mail copy in the same
 * transaction (the outbox, issue 29): the job queue sends it, with retries, if the user allows mail.
 */
export async function notifyUser(app: FastifyInstance, notice: NewNotification, path = '/auth'): Promise<void> {
  await app.notificationRepository.addWithMail(notice, app.clock.now(), path);
}
