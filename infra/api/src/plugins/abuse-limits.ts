import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from 'shared-kernel/messages';
import { ApiError } from '../lib/api-error';
import { runWithDatabasePriority } from '../db/database';
import type { RateLimitRule } from '../repositories/rate-limit-repository';

const MINUTE = 60_000;

export interface RouteRateLimit extends RateLimitRule {
  /** Names the counter; routes that share a name share the count. */
  name: string;
  /** 'address': the client address; 'account': the target account the request names (see `account`). */
  by: 'address' | 'account';
  /** The target account of the request (an e-mail, a user id), for `by: 'account'`. */
  account?: (request: FastifyRequest) => string | undefined;
  /** The 429's text when 'too many attempts' does not fit (a read is no attempt). */
  message?: string;
  /** The 429's code when the UI knows another than RATE_LIMITED. */
  code?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Abuse limits of the route, counted before the handler runs (see plugins/abuse-limits). */
    rateLimit?: RouteRateLimit[];
    /** Jumps the queue of the concurrency gate: health checks and signing in stay quick under load. */
    priority?: boolean;
    /** A sign-in: while it runs, the gate starts no queued request (see Gate.pause). Short routes only. */
    pausesHeavy?: boolean;
  }
}

const signedInUser = (request: FastifyRequest) => (request.user ? String(request.user.id) : undefined);

const bodyField = (field: string) => (request: FastifyRequest) => {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
};

/**
 * The limits of the issue-15 routes (one place to read and tune them). A route adds
 * `config: { rateLimit: RATE_LIMITS.x }` or its own list. Per address a scripted client is slowed;
 * per account a victim's mailbox or phone is not flooded from many addresses.
 */
export const RATE_LIMITS = {
  forgotPassword: [
    { name: 'forgot-pw', by: 'address', limit: 10, windowMs: 15 * MINUTE },
    // The mails go to the account's owner, so an attacker using this up still leaves the owner working links.
    { name: 'forgot-pw', by: 'account', limit: 3, windowMs: 60 * MINUTE, account: bodyField('email') },
  ],
  register: [{ name: 'register', by: 'address', limit: 10, windowMs: 60 * MINUTE }],
  contact: [{ name: 'contact', by: 'address', limit: 5, windowMs: 10 * MINUTE }],
  // The one limit on identity starts (each costs a provider session and a push to someone's phone):
  // per address, and per account or, signed out, per personal code, so one person's phone is not
  // flooded from many addresses. The identity page words the refusal as a failed attempt.
  identityStart: [
    {
      name: 'identity-start',
      by: 'address',
      limit: 10,
      windowMs: 10 * MINUTE,
      code: 'TOO_MANY_ATTEMPTS',
      message: messages.identity.outcome.tooManyAttempts,
    },
    {
      name: 'identity-start',
      by: 'account',
      limit: 5,
      windowMs: 10 * MINUTE,
      account: (r) => (r.user ? String(r.user.id) : bodyField('personalCode')(r)),
      code: 'TOO_MANY_ATTEMPTS',
      message: messages.identity.outcome.tooManyAttempts,
    },
  ],
  googleSignIn: [{ name: 'google-sign-in', by: 'address', limit: 20, windowMs: 10 * MINUTE }],
  // A public, cacheable read: a host page behind a CDN asks rarely; a scraper of many owners is slowed.
  ownerWidget: [
    { name: 'owner-widget', by: 'address', limit: 120, windowMs: MINUTE, message: messages.errors.abuse.tooManyWidgetRequests },
  ],
  // Whether a personal code has an account: rationed per user, as the answers reveal it.
  userExist: [
    {
      name: 'user-exist',
      by: 'account',
      limit: 30,
      windowMs: 10 * MINUTE,
      account: signedInUser,
      code: 'TOO_MANY_ATTEMPTS',
      message: messages.identity.outcome.tooManyAttempts,
    },
  ],
  // Issue 29: writing reaches another person at once (a live event, a mail, a notice). A person
  // types far below these; a script sending 170 a second is stopped at the 31st. Per address too,
  // so a handful of fresh accounts behind one address do not multiply the flood.
  writeMessage: [
    {
      name: 'write-message',
      by: 'account',
      limit: 30,
      windowMs: MINUTE,
      account: signedInUser,
      message: messages.errors.abuse.tooManyMessages,
    },
    {
      name: 'write-message',
      by: 'account',
      limit: 300,
      windowMs: 60 * MINUTE,
      account: (r) => (r.user ? `hour:${r.user.id}` : undefined),
      message: messages.errors.abuse.tooManyMessages,
    },
    { name: 'write-message', by: 'address', limit: 60, windowMs: MINUTE, message: messages.errors.abuse.tooManyMessages },
  ],
  // Questions and answers under products (the spec's own limit is 2 open questions per product).
  comment: [
    {
      name: 'comment',
      by: 'account',
      limit: 10,
      windowMs: 10 * MINUTE,
      account: signedInUser,
      message: messages.errors.abuse.tooManyEntries,
    },
    { name: 'comment', by: 'address', limit: 30, windowMs: 10 * MINUTE, message: messages.errors.abuse.tooManyEntries },
  ],
  // Reviews and complaints share one count: both notify the other party.
  feedback: [
    {
      name: 'feedback',
      by: 'account',
      limit: 10,
      windowMs: 10 * MINUTE,
      account: signedInUser,
      message: messages.errors.abuse.tooManyEntries,
    },
    { name: 'feedback', by: 'address', limit: 30, windowMs: 10 * MINUTE, message: messages.errors.abuse.tooManyEntries },
  ],
} satisfies Record<string, RouteRateLimit[]>;

/** Image uploads per user: counted in files, only those stored (see routes/file-upload). */
export const UPLOAD_LIMIT: RateLimitRule = { limit: 60, windowMs: 10 * MINUTE };

/** Login: wrong passwords per address (spraying), per account and address (the spec's lock), per account from everywhere. */
export const LOGIN_LIMITS = {
  // Past 10 a wrong password answers 429; a right one still signs in (one office NAT, one guesser).
  failuresPerAddress: { limit: 10, windowMs: 10 * MINUTE },
  // Past this no password is even checked: a sprayer's guesses and their hashing cost stop here.
  attemptCeilingPerAddress: { limit: 100, windowMs: 10 * MINUTE },
  // Spec: 5 wrong passwords lock for an hour; only for the address that typed them (see routes/login).
  failuresPerAccountAndAddress: { limit: 5, windowMs: 60 * MINUTE },
  // Many addresses guessing one account: the whole account waits, until its owner resets the password.
  failuresPerAccount: { limit: 50, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;

export function rateLimited(
  retryAfterS: number,
  reply?: FastifyReply,
  message: string = messages.errors.abuse.tooManyRequests,
  code = 'RATE_LIMITED',
): ApiError {
  reply?.header('retry-after', String(retryAfterS));
  return new ApiError(429, code, message);
}

export class Gate {
  private active = 0;
  private paused = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(
    private readonly slots: number,
    private readonly queueLimit: number,
  ) {}

  /** False when the queue is full (the caller answers 503 at once instead of piling up). */
  async enter(): Promise<boolean> {
    if (this.paused === 0 && this.active < this.slots) {
      this.active += 1;
      return true;
    }
    if (this.waiting.length >= this.queueLimit) return false;
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    return true;
  }

  leave(): void {
    const next = this.paused === 0 ? this.waiting.shift() : undefined;
    // The next waiter starts on a later turn of the event loop: handing over within the same
    // promise chain would run the whole queue before the loop accepts a connection or reads a
    // request, and a health check or sign-in would wait for the burst after all.
    if (next) setImmediate(next);
    else this.active -= 1;
  }

  /**
   * While a sign-in runs no queued request starts (those under way finish): the sign-in's steps
   * then share the event loop and the connection pool with at most the requests already running,
   * not with a stream of new ones (issue 15: sign-in within 500 ms under 300 heavy lists).
   */
  pause(): void {
    this.paused += 1;
  }

  resume(): void {
    this.paused -= 1;
    while (this.paused === 0 && this.active < this.slots && this.waiting.length > 0) {
      this.active += 1;
      setImmediate(this.waiting.shift()!);
    }
  }
}

const GATE_HELD = Symbol('gate-held');
const GATE_PAUSED = Symbol('gate-paused');

/**
 * Route-level abuse limits (config.rateLimit, counted in the database so every instance shares
 * them) and a concurrency gate: at most `heavyConcurrency` requests of this instance run their
 * handlers at once; the rest wait their turn, and `priority` routes (health, sign-in, session)
 * skip the queue, so a burst of heavy lists cannot starve them.
 */
const abuseLimitsPlugin: FastifyPluginAsync = async (app) => {
  const gate = new Gate(app.config.heavyConcurrency ?? (app.database.kind === 'pglite' ? 1 : 4), app.config.heavyQueueLimit);

  const release = async (request: FastifyRequest) => {
    const held = request as unknown as Record<symbol, boolean>;
    if (!held[GATE_HELD]) return;
    held[GATE_HELD] = false;
    gate.leave();
  };
  // The rest of a priority request's life (its hooks, handler, statements) runs in the database's
  // priority lane: on PGlite its statements go ahead of the heavy lists'.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.config?.priority) runWithDatabasePriority(done);
    else done();
  });
  const resume = async (request: FastifyRequest) => {
    const held = request as unknown as Record<symbol, boolean>;
    if (!held[GATE_PAUSED]) return;
    held[GATE_PAUSED] = false;
    gate.resume();
  };
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.pausesHeavy) {
      gate.pause();
      (request as unknown as Record<symbol, boolean>)[GATE_PAUSED] = true;
      reply.raw.once('close', () => void resume(request));
      return;
    }
    if (request.routeOptions.config?.priority || !request.routeOptions.url) return;
    // Whatever ends the exchange (an answer, a hijacked stream, a client gone) gives the slot back.
    // Listened for before the wait: a client that leaves while queued (the shell's server render
    // gives up after its budget) has closed the connection by its turn, and a listener added then
    // never heard it, so the slot stayed taken for good; with PGlite's one slot, every later request hung.
    let gone = false;
    reply.raw.once('close', () => {
      gone = true;
      void release(request);
    });
    if (!(await gate.enter())) throw new ApiError(503, 'SERVICE_BUSY', messages.errors.abuse.busy);
    (request as unknown as Record<symbol, boolean>)[GATE_HELD] = true;
    if (gone || reply.raw.destroyed) {
      // Nobody to answer: the slot goes to the next in line and the request goes no further.
      await release(request);
      reply.hijack();
    }
  });
  app.addHook('onResponse', async (request) => {
    await release(request);
    await resume(request);
  });
  app.addHook('onRequestAbort', async (request) => {
    await release(request);
    await resume(request);
  });

  app.addHook('preHandler', async (request, reply) => {
    const rules = request.routeOptions.config?.rateLimit;
    if (!rules || !app.config.rateLimits) return;
    const now = app.clock.now();
    for (const rule of rules) {
      const subject = rule.by === 'address' ? request.ip : rule.account?.(request);
      if (!subject) continue;
      const result = await app.rateLimitRepository.take(`${rule.name}:${rule.by}:${subject}`, rule, now);
      if (!result.allowed) throw rateLimited(result.retryAfterS, reply, rule.message, rule.code);
    }
  });
};

export const abuseLimits = fp(abuseLimitsPlugin, { name: 'abuse-limits', dependencies: ['rate-limit-repository'] });
