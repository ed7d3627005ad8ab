import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CalendarRepository } from './calendar-repository';
import { CategoryRepository } from './category-repository';
import { CommentRepository } from './comment-repository';
import { ContactInfoRepository } from './contact-info-repository';
import { ContactMessageRepository } from './contact-message-repository';
import { ContractDocumentRepository } from './contract-document-repository';
import { FeedbackRepository } from './feedback-repository';
import { GokartRepository } from './gokart-repository';
import { IdentitySandboxSessionRepository } from './identity-sandbox-session-repository';
import { MessageRepository } from './message-repository';
import { NotificationRepository } from './notification-repository';
import { OperatorRepository } from './operator-repository';
import { PayoutRepository } from './payout-repository';
import { DisputeRepository } from './dispute-repository';
import { OwnerProductRepository } from './owner-product-repository';
import { PasswordResetRepository } from './password-reset-repository';
import { PaymentRepository } from './payment-repository';
import { ProductRepository } from './product-repository';
import { RateLimitRepository } from './rate-limit-repository';
import { RemoteReportRepository } from './remote-report-repository';
import { ProductImageRepository } from './product-image-repository';
import { ReservationRepository } from './reservation-repository';
import { SandboxBankOrderRepository } from './sandbox-bank-order-repository';
import { SavedProductRepository } from './saved-product-repository';
import { SearchRepository } from './search-repository';
import { SessionRepository } from './session-repository';
import { UserRepository } from './user-repository';
import { VerificationRepository } from './verification-repository';

type RepositoryKey = {
  [K in keyof FastifyInstance]: K extends `${string}Repository` ? K : never;
}[keyof FastifyInstance];

/**
 * One plugin per repository: it decorates the app with the repository (typed in src/types.ts),
 * needs only the `db` plugin, and is the only way a route reaches the database.
 */
export function repositoryPlugin<K extends RepositoryKey>(decorator: K, create: (app: FastifyInstance) => FastifyInstance[K]) {
  const name = decorator.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return fp(
    async (app) => {
      // `create` is typed against the decorator's declared type already; decorate's own typing cannot follow a generic key.
      const repository: object = create(app);
      app.decorate(decorator as string, repository);
    },
    { name, dependencies: ['db'] },
  );
}

export const userRepository = repositoryPlugin('userRepository', (app) => new UserRepository(app.db));
export const sessionRepository = repositoryPlugin('sessionRepository', (app) => new SessionRepository(app.db));
export const rateLimitRepository = repositoryPlugin('rateLimitRepository', (app) => new RateLimitRepository(app.db));
export const passwordResetRepository = repositoryPlugin('passwordResetRepository', (app) => new PasswordResetRepository(app.db));
export const productRepository = repositoryPlugin('productRepository', (app) => new ProductRepository(app.db, app.config.filesPublicPath));
// After the product repository: the owner's product is the public product plus the owner's state.
export const ownerProductRepository = repositoryPlugin(
  'ownerProductRepository',
  (app) => new OwnerProductRepository(app.db, app.productRepository),
);
export const productImageRepository = repositoryPlugin('productImageRepository', (app) => new ProductImageRepository(app.db));
export const categoryRepository = repositoryPlugin('categoryRepository', (app) => new CategoryRepository(app.db));
export const searchRepository = repositoryPlugin(
  'searchRepository',
  (app) =>
    new SearchRepository(app.db, app.config.filesPublicPath, {
      markerRows: app.database.kind === 'postgres' ? 'rows' : 'json',
    }),
);
export const commentRepository = repositoryPlugin('commentRepository', (app) => new CommentRepository(app.db));
export const feedbackRepository = repositoryPlugin('feedbackRepository', (app) => new FeedbackRepository(app.db));
export const contactInfoRepository = repositoryPlugin('contactInfoRepository', (app) => new ContactInfoRepository(app.db));
export const contactMessageRepository = repositoryPlugin('contactMessageRepository', (app) => new ContactMessageRepository(app.db));
export const reservationRepository = repositoryPlugin('reservationRepository', (app) => new ReservationRepository(app.db));
export const contractDocumentRepository = repositoryPlugin('contractDocumentRepository', (app) => new ContractDocumentRepository(app.db));
export const messageRepository = repositoryPlugin('messageRepository', (app) => new MessageRepository(app.db));
export const notificationRepository = repositoryPlugin('notificationRepository', (app) => new NotificationRepository(app.db));
export const gokartRepository = repositoryPlugin('gokartRepository', (app) => new GokartRepository(app.db));
export const paymentRepository = repositoryPlugin('paymentRepository', (app) => new PaymentRepository(app.db));
export const verificationRepository = repositoryPlugin('verificationRepository', (app) => new VerificationRepository(app.db));
export const sandboxBankOrderRepository = repositoryPlugin('sandboxBankOrderRepository', (app) => new SandboxBankOrderRepository(app.db));
export const identitySandboxSessionRepository = repositoryPlugin(
  'identitySandboxSessionRepository',
  (app) => new IdentitySandboxSessionRepository(app.db),
);
export const calendarRepository = repositoryPlugin('calendarRepository', (app) => new CalendarRepository(app.db));
export const savedProductRepository = repositoryPlugin(
  'savedProductRepository',
  (app) => new SavedProductRepository(app.db, app.config.filesPublicPath),
);
export const remoteReportRepository = repositoryPlugin('remoteReportRepository', (app) => new RemoteReportRepository(app.db));
export const operatorRepository = repositoryPlugin('operatorRepository', (app) => new OperatorRepository(app.db));
export const payoutRepository = repositoryPlugin('payoutRepository', (app) => new PayoutRepository(app.db));
export const disputeRepository = repositoryPlugin('disputeRepository', (app) => new DisputeRepository(app.db));

/** Every repository, for the app to register at once. */
export const repositories = fp(
  async (app) => {
    for (const plugin of [
      userRepository,
      sessionRepository,
      passwordResetRepository,
      rateLimitRepository,
      productRepository,
      ownerProductRepository,
      productImageRepository,
      categoryRepository,
      searchRepository,
      commentRepository,
      reservationRepository,
      contractDocumentRepository,
      feedbackRepository,
      contactInfoRepository,
      contactMessageRepository,
      verificationRepository,
      identitySandboxSessionRepository,
      sandboxBankOrderRepository,
      remoteReportRepository,
      calendarRepository,
      savedProductRepository,
      messageRepository,
      notificationRepository,
      gokartRepository,
      paymentRepository,
      operatorRepository,
      payoutRepository,
      disputeRepository,
    ]) {
      await app.register(plugin);
    }
  },
  { name: 'repositories', dependencies: ['db'] },
);
