import type { FastifyPluginAsync } from 'fastify';
import { sharedPlugin } from '../lib/shared-plugin';
import { UserRepository } from './user-repository';
import { SessionRepository } from './session-repository';
import { PasswordResetRepository } from './password-reset-repository';
import { ProductRepository } from './product-repository';
import { CategoryRepository } from './category-repository';

const repositoriesPlugin: FastifyPluginAsync = async (app) => {
  app.decorate('userRepository', new UserRepository(app.db));
  app.decorate('sessionRepository', new SessionRepository(app.db));
  app.decorate('passwordResetRepository', new PasswordResetRepository(app.db));
  app.decorate('productRepository', new ProductRepository(app.db, app.config.filesPublicPath));
  app.decorate('categoryRepository', new CategoryRepository(app.db));
};

export const repositories = sharedPlugin(repositoriesPlugin, 'repositories');
