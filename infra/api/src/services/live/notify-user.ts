import type { FastifyInstance } from 'fastify';
import { format, messages } from 'shared-kernel/messages';
import type { NewNotification } from '../../repositories/notification-repository';

/**
 * Records a notification (the database tells the live streams) and, after that commit, mails a
 * copy to a user who allows mail. The mail is a courtesy: a failing mail server is logged and
 * does not undo or fail what caused the notification.
 */
export async function notifyUser(app: FastifyInstance, notice: NewNotification, link = `${app.config.publicSiteUrl}/auth`): Promise<void> {
  await app.notificationRepository.add(notice, app.clock.now());
  try {
    const to = await app.notificationRepository.mailAddress(notice.userId);
    if (!to) return;
    await app.outbox.send({
      to,
      subject: messages.notifications.notificationMailSubject,
      body: format(messages.notifications.notificationMailBody, { message: notice.message, link }),
    });
  } catch (error) {
    app.log.error({ err: error }, 'notification mail failed');
  }
}
