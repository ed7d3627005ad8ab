import type { FastifyInstance } from 'fastify';
import { format, messages } from 'shared-kernel/messages';
import type { PartyNotice } from '../repositories/reservation-repository';

/**
 * Mails a transition's notice to the other party after the commit, if they allow mail. A courtesy:
 * a failing mail server is logged and must not undo (or fail) the transition.
 */
export async function mailNotice(app: FastifyInstance, notice: PartyNotice | null): Promise<void> {
  if (!notice) return;
  try {
    const user = await app.userRepository.findById(notice.userId);
    if (!user?.allowEmail) return;
    const base = app.config.publicSiteUrl;
    const link = notice.contractId === undefined ? `${base}/auth/rent-completed?rental=${encodeURIComponent(notice.hash)}` : `${base}/auth/contracts`;
    await app.outbox.send({
      to: user.username,
      subject: format(messages.notifications.rentalUpdateMailSubject, { product: notice.product }),
      body: format(messages.notifications.rentalUpdateMailBody, { message: notice.message, link }),
    });
  } catch (error) {
    app.log.error({ err: error }, 'booking notice mail failed');
  }
}
