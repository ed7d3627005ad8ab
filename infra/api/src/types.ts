import type { FileStorage } from './services/storage';
import type { AppConfig } from './config';
import type { Database, Db } from './db/database';
import type { Clock } from './lib/clock';
import type { MailOutbox } from './services/mail';
import type { BusinessRegister } from './services/business-register';
import type { IdentityService } from './services/identity';
import type { GoogleCredentialVerifier } from './services/google';
import type { UserRepository, UserRow } from './repositories/user-repository';
import type { SessionRepository } from './repositories/session-repository';
import type { PasswordResetRepository } from './repositories/password-reset-repository';
import type { RateLimitRepository } from './repositories/rate-limit-repository';
import type { ProductRepository } from './repositories/product-repository';
import type { OwnerProductRepository } from './repositories/owner-product-repository';
import type { ProductImageRepository } from './repositories/product-image-repository';
import type { CategoryRepository } from './repositories/category-repository';
import type { SearchRepository } from './repositories/search-repository';
import type { CommentRepository } from './repositories/comment-repository';
import type { ReservationRepository } from './repositories/reservation-repository';
import type { BookingService } from './services/booking';
import type { JobRunner } from './services/jobs/job-runner';
import type { Wallet } from './services/payments/wallet';
import type { GokartRepository } from './repositories/gokart-repository';
import type { ContractService } from './services/contracts/contract-service';
import type { ExtensionService } from './services/extensions/extension-service';
import type { ContractDocumentRepository } from './repositories/contract-document-repository';
import type { FeedbackRepository } from './repositories/feedback-repository';
import type { ContactInfoRepository } from './repositories/contact-info-repository';
import type { ContactMessageRepository } from './repositories/contact-message-repository';
import type { MessageRepository } from './repositories/message-repository';
import type { NotificationRepository } from './repositories/notification-repository';
import type { LiveHub } from './services/live/live-hub';
import type { Lifecycle } from './services/lifecycle';
import type { PaymentOrders } from './services/payments/order-port';
import type { PaymentOrdersService } from './services/payments/payment-orders';
import type { PaymentRepository } from './repositories/payment-repository';
import type { VerificationRepository } from './repositories/verification-repository';
import type { IdentitySandboxSessionRepository } from './repositories/identity-sandbox-session-repository';
import type { SandboxBankOrderRepository } from './repositories/sandbox-bank-order-repository';
import type { RemoteReportRepository } from './repositories/remote-report-repository';
import type { CalendarRepository } from './repositories/calendar-repository';
import type { CalendarService } from './services/calendars';
import type { SavedProductRepository } from './repositories/saved-product-repository';
import type { OperatorRepository } from './repositories/operator-repository';
import type { PayoutRepository } from './repositories/payout-repository';
import type { DisputeRepository } from './repositories/dispute-repository';
import type { OperatorService } from './services/operator/plugin';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** Draining on its way out (graceful shutdown): readiness answers 503. */
    lifecycle: Lifecycle;
    /** The database handle; only plugins (repositories, the mail outbox, seeding) use it, never a route. */
    database: Database;
    db: Db;
    clock: Clock;
    outbox: MailOutbox;
    fileStorage: FileStorage;
    businessRegister: BusinessRegister;
    identity: IdentityService;
    googleVerifier: GoogleCredentialVerifier;
    userRepository: UserRepository;
    sessionRepository: SessionRepository;
    passwordResetRepository: PasswordResetRepository;
    /** Abuse-limit counters shared by every API instance (issue 15). */
    rateLimitRepository: RateLimitRepository;
    productRepository: ProductRepository;
    /** Private calendar links and followed outside calendars (issue 32). */
    calendarRepository: CalendarRepository;
    calendarService: CalendarService;
    /** Products users saved, and their price-drop notices (issue 32). */
    savedProductRepository: SavedProductRepository;
    ownerProductRepository: OwnerProductRepository;
    productImageRepository: ProductImageRepository;
    categoryRepository: CategoryRepository;
    searchRepository: SearchRepository;
    commentRepository: CommentRepository;
    reservationRepository: ReservationRepository;
    /** The booking rules and state machine (services/booking) on the reservation repository. */
    bookingService: BookingService;
    /** The job queue's runner (ADR 0029): the one place jobs are registered and run. */
    jobs: JobRunner;
    gokartRepository: GokartRepository;
    contractService: ContractService;
    /** Rental extensions (issue 31, ADR 0044). */
    extensionService: ExtensionService;
    contractDocumentRepository: ContractDocumentRepository;
    feedbackRepository: FeedbackRepository;
    contactInfoRepository: ContactInfoRepository;
    contactMessageRepository: ContactMessageRepository;
    verificationRepository: VerificationRepository;
    identitySandboxSessionRepository: IdentitySandboxSessionRepository;
    sandboxBankOrderRepository: SandboxBankOrderRepository;
    remoteReportRepository: RemoteReportRepository;
    messageRepository: MessageRepository;
    notificationRepository: NotificationRepository;
    /** The open live streams of this instance, fed by the database's 'rendime_live' notifications. */
    liveHub: LiveHub;
    /** Bank-link orders (issue 12): features paid by bank link create orders and settle them here. */
    paymentOrders: PaymentOrders;
    /** The same orders with the provider side: notifications, expiry (the payment routes use it). */
    bankLink: PaymentOrdersService;
    /** Webhook delivery with retries (the sandbox bank's notifications). */
    paymentRepository: PaymentRepository;
    /** Paying contracts from the wallet and realising ended rentals (services/payments/wallet.ts). */
    wallet: Wallet;
    /** The operator console's data and actions (issue 31, ADR 0045). */
    operatorRepository: OperatorRepository;
    payoutRepository: PayoutRepository;
    disputeRepository: DisputeRepository;
    operator: OperatorService;
  }
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie (null when signed out). */
    user: UserRow | null;
    /** The raw cookie token of the current session, if valid. */
    sessionToken: string | null;
  }
}
