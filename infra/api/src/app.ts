import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages';
import { isLoopbackUrl, resolveConfig, type AppConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { categoryTree } from './catalog/categories';
import { seedDemoData } from './demo/seed';
import { createShiftableClock, systemClock, type Clock } from './lib/clock';
import { sandboxClockRoutes } from './routes/sandbox/clock';
import { ApiError } from './lib/api-error';
import { responseSerializerCompiler } from './lib/response-serializer';
import { fastifyTimeoutOptions } from './lib/server-timeouts';
import { csrf } from './plugins/csrf';
import { db } from './plugins/db';
import { errorHandler, toErrorBody } from './plugins/error-handler';
import { session } from './plugins/session';
import { security } from './plugins/security';
import { abuseLimits } from './plugins/abuse-limits';
import { openApi } from './plugins/swagger';
import { repositories } from './repositories';
import { bookingService } from './services/booking/plugin';
import { contractService } from './services/contracts/plugin';
import { jobs } from './services/jobs/plugin';
import { calendarService } from './services/calendars/plugin';
import { calendarRoutes } from './routes/calendars';
import { savedProductRoutes } from './routes/saved-products';
import { extensionServices } from './services/extensions/plugin';
import { categoryRoutes } from './routes/category';
import { fileRoutes } from './routes/files';
import { fileUploadRoutes } from './routes/file-upload';
import { forgotPasswordRoutes } from './routes/forgot-pw';
import { healthRoutes } from './routes/health';
import { loginRoutes } from './routes/login';
import { productRoutes } from './routes/products';
import { ownerWidgetRoutes } from './routes/owner-widget';
import { ownerProductRoutes } from './routes/owner-products';
import { productImageRoutes } from './routes/product-images';
import { searchRoutes } from './routes/search';
import { placeRoutes } from './routes/places';
import { commentRoutes } from './routes/comments';
import { feedbackRoutes } from './routes/feedback';
import { sandboxRoutes } from './routes/sandbox';
import { userRoutes } from './routes/users';
import { AriregisterBusinessRegister, SandboxBusinessRegister, type BusinessRegister } from './services/business-register';
import { outbox, type MailOutbox } from './services/mail';
import { fileStorage, type FileStorage } from './services/storage';
import { identityServices, type IdentityProviders } from './services/identity';
import { createIdentityClients } from './services/identity/settings';
import { SandboxGoogleVerifier, type GoogleCredentialVerifier } from './services/google';
import { JwksGoogleVerifier } from './services/google/jwks-verifier';
import { authIdentityRoutes } from './routes/auth-identity';
import { userIdentityRoutes } from './routes/users/identity-routes';
import { googleSessionRoutes } from './routes/users/google-session';
import { contactInfoRoutes } from './routes/contact-info';
import { contactUsRoutes } from './routes/contact-us';
import { reservationRoutes } from './routes/reservations';
import { contractRoutes } from './routes/contracts';
import { contractDocumentRoutes } from './routes/contract-documents';
import { contractExtensionRoutes } from './routes/contract-extensions';
import { userMessageRoutes } from './routes/user-messages';
import { userNotificationRoutes } from './routes/user-notifications';
import { liveRoutes } from './routes/live';
import { liveHub } from './services/live';
import { lifecycle } from './services/lifecycle';
import type { PaymentOrders } from './services/payments/order-port';
import { paymentServices } from './services/payments';
import type { BankLinkProvider } from './services/payments/provider';
import { paymentRoutes } from './routes/payment';
import { sandboxBankRoutes } from './routes/sandbox-bank';
import { platformReportRoutes } from './routes/platform-reports';
import { adminRoutes } from './routes/admin';
import { operatorService } from './services/operator/plugin';
import './types';

export interface BuildAppOptions {
  /** A database to use (tests pass a fresh one); otherwise one is opened from config and closed with the app. */
  database?: Database;
  clock?: Clock;
  outbox?: MailOutbox;
  /** Where uploads live; the disk under `filesDir` by default. */
  fileStorage?: FileStorage;
  businessRegister?: BusinessRegister;
  /** Smart-ID / Mobile-ID clients; the demo-environment sandboxes when omitted. */
  identityProviders?: IdentityProviders;
  /** Google ID-token verifier; the unsigned-token sandbox when omitted. */
  googleVerifier?: GoogleCredentialVerifier;
  config?: Partial<AppConfig>;
  logger?: FastifyServerOptions['logger'];
  /**
   * Bank-link orders for the features paid by bank link (tests pass a fake). TODO(issue 12, merge):
   * the payment plugin provides them; this option then goes or overrides it.
   */
  paymentOrders?: PaymentOrders;
  /** The bank-link provider instead of the configuration's (tests: Montonio's client against its fake). */
  bankLinkProvider?: BankLinkProvider;
  /** Called for every route as it is added (tests compare the routes with the OpenAPI document). */
  onRoute?: (route: RouteOptions) => void;
}

const ORDER = ['identityProviders', 'googleVerifier', 'businessRegister'];

/** Composes the app without listening, so tests can `inject` requests. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = resolveConfig(options.config);
  const shiftable = config.testClock && config.sandboxServices && !options.clock ? createShiftableClock() : null;
  const clock = options.clock ?? shiftable ?? systemClock;
  // Configured Smart-ID / Mobile-ID clients take the sandboxes' place (ADR 0033).
  const identityProviders = options.identityProviders ?? (config.identity ? createIdentityClients(config.identity, clock) : undefined);
  // Outside the sandbox, Google sign-in is the real JWKS check as soon as a client id is configured.
  const googleVerifier =
    options.googleVerifier ??
    (config.sandboxServices
      ? new SandboxGoogleVerifier(clock)
      : config.googleClientId
        ? new JwksGoogleVerifier({ clientId: config.googleClientId, clock })
        : undefined);
  // The same rule as the start check (env.ts), for an app built without it: sandboxes only on loopback.
  if (config.sandboxServices && !(isLoopbackUrl(config.publicSiteUrl) && isLoopbackUrl(config.apiPublicUrl))) {
    throw new Error(`Sandbox services run only on a loopback address, not on ${config.publicSiteUrl} (API ${config.apiPublicUrl})`);
  }
  if (config.allowLocalCalendarFeeds && !config.sandboxServices) {
    throw new Error('Local calendar feeds (allowLocalCalendarFeeds) are for the tests only: they need the sandbox services');
  }
  if (!config.sandboxServices) {
    const missing = (['businessRegister'] as const).filter((k) => !options[k] && !config.businessRegister) as string[];
    if (!identityProviders) missing.push('identityProviders');
    if (!googleVerifier) missing.splice(0, 0, 'googleVerifier');
    missing.sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
    if (missing.length > 0) throw new Error(`SANDBOX_SERVICES=false needs real services for: ${missing.join(', ')}`);
  }
  const app = Fastify({
    logger: options.logger ?? false,
    ...fastifyTimeoutOptions(config.serverTimeouts),
    bodyLimit: config.bodyLimit,
    // The db plugin applies the migrations and, on a first start, loads the demo data: on a busy machine
    // that passes avvio's 10 s default (persistence.test.ts saw it under CI load), not a hang.
    pluginTimeout: 120_000,
    // request.ip is the visitor, not the shell's proxy: X-Forwarded-For counts only from these hops.
    trustProxy: config.trustedProxies,
    // Clients put ids in paths; keep the router strict about what a path is.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Router-level refusals (bad URL encoding, huge params) skip the error handler; same shape here.
    frameworkErrors: (error, _request, reply) => {
      const body = toErrorBody(error);
      void (reply as FastifyReply).status(body.statusCode).send(body);
    },
  });
  // Route schemas are zod (shared-kernel/schemas): requests are parsed by them, answers written by them.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));

  // Like Fastify's JSON parser, but an empty body is "no body" (logout and friends send none),
  // and the error codes are ours.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: config.bodyLimit }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(
        null,
        JSON.parse(text, (key, value) => (key === '__proto__' ? undefined : value)),
      );
    } catch {
      done(new ApiError(400, 'MALFORMED_JSON', messages.errors.request.malformedJson), undefined);
    }
  });

  app.decorate('config', config);
  const { instanceId } = config;
  if (instanceId) app.addHook('onSend', async (_request, reply) => void reply.header('x-api-instance', instanceId));
  app.decorate('clock', clock);
  await app.register(lifecycle);

  await app.register(errorHandler);
  await app.register(security);
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await app.register(db, { database, owned: !options.database });
  await app.register(repositories);
  await app.register(bookingService);
  await app.register(contractService);
  await app.register(abuseLimits);
  await app.register(fileStorage, { storage: options.fileStorage });
  await app.register(outbox, { outbox: options.outbox });
  await app.register(liveHub);
  await app.register(paymentServices, { orders: options.paymentOrders, provider: options.bankLinkProvider });
  await app.register(calendarService);
  await app.register(jobs);
  await app.register(extensionServices);
  await app.register(operatorService);
  // The real register when configured outside the sandbox (issue 30), else the sandbox's.
  const register =
    !config.sandboxServices && config.businessRegister ? new AriregisterBusinessRegister({ ...config.businessRegister, clock }) : undefined;
  app.decorate('businessRegister', options.businessRegister ?? register ?? new SandboxBusinessRegister());
  await app.register(identityServices, { providers: identityProviders, sandboxDelayMs: config.identitySandboxDelayMs });
  app.decorate('googleVerifier', googleVerifier as GoogleCredentialVerifier);
  await app.register(csrf);
  await app.register(session);
  // Before the routes: it documents each route as it is added.
  await app.register(openApi);

  await app.register(healthRoutes);
  await app.register(loginRoutes);
  await app.register(userRoutes);
  await app.register(forgotPasswordRoutes);
  await app.register(categoryRoutes);
  await app.register(productRoutes);
  await app.register(ownerProductRoutes);
  await app.register(searchRoutes);
  await app.register(ownerWidgetRoutes);
  await app.register(placeRoutes);
  await app.register(commentRoutes);
  await app.register(feedbackRoutes);
  await app.register(fileRoutes);
  await app.register(fileUploadRoutes);
  await app.register(productImageRoutes);
  if (config.sandboxServices) await app.register(sandboxRoutes);
  if (shiftable) await app.register(sandboxClockRoutes(shiftable));
  if (config.sandboxServices) await app.register(sandboxBankRoutes);
  await app.register(authIdentityRoutes);
  await app.register(userIdentityRoutes);
  await app.register(googleSessionRoutes);
  await app.register(contactInfoRoutes);
  await app.register(contactUsRoutes);
  await app.register(reservationRoutes);
  await app.register(contractRoutes);
  await app.register(contractDocumentRoutes);
  await app.register(contractExtensionRoutes);
  await app.register(userMessageRoutes);
  await app.register(userNotificationRoutes);
  await app.register(liveRoutes);
  await app.register(paymentRoutes);
  await app.register(platformReportRoutes);
  await app.register(calendarRoutes);
  await app.register(savedProductRoutes);
  await app.register(adminRoutes);

  await app.after();
  await app.categoryRepository.ensure(categoryTree);
  if (config.seedDemoData) await seedDemoData(app.db, { filesDir: config.filesDir, now: clock.now() });
  return app;
}
