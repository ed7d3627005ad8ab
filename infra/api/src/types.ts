import type { AppConfig } from './config';
import type { Database, Db } from './db/database';
import type { Clock } from './lib/clock';
import type { MailOutbox } from './services/mail';
import type { BusinessRegister } from './services/business-register';
import type { UserRepository, UserRow } from './repositories/user-repository';
import type { SessionRepository } from './repositories/session-repository';
import type { PasswordResetRepository } from './repositories/password-reset-repository';
import type { ProductRepository } from './repositories/product-repository';
import type { CategoryRepository } from './repositories/category-repository';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    clock: Clock;
    outbox: MailOutbox;
    businessRegister: BusinessRegister;
    userRepository: UserRepository;
    sessionRepository: SessionRepository;
    passwordResetRepository: PasswordResetRepository;
    productRepository: ProductRepository;
    categoryRepository: CategoryRepository;
  }
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie (null when signed out). */
    user: UserRow | null;
    /** The raw cookie token of the current session, if valid. */
    sessionToken: string | null;
  }
}
