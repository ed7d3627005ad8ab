// The data model's platform records (issue 26: split from activity.ts): sign-in sessions, password
// resets, identity checks, abuse-limit counters, remote load reports and the job queue.
// src/db/schema.ts gathers every part.
import { sql } from 'drizzle-orm';
import { IdentityMethod, IdentityStatus, RemoteLoadReport } from 'shared-kernel/schemas';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { enumValues, ts, users } from './core';

/** The id is the SHA-256 of the cookie token, so a leaked table cannot be replayed as cookies. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdTs: ts('created_ts').notNull(),
    lastSeenTs: ts('last_seen_ts').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_last_seen_idx').on(t.lastSeenTs)],
);

/** Same idea: the link carries the token, the table only its SHA-256. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdTs: ts('created_ts').notNull(),
    expiresTs: ts('expires_ts').notNull(),
    usedTs: ts('used_ts'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: enumValues(IdentityMethod.options) }).notNull(),
    phoneNumber: text('phone_number'),
    personalCode: text('personal_code').notNull(),
    controlCode: text('control_code').notNull(),
    providerSessionId: text('provider_session_id'),
    status: text('status', { enum: enumValues(IdentityStatus.options) })
      .notNull()
      .default('waiting'),
    providerResult: text('provider_result'),
    message: text('message'),
    createdTs: ts('created_ts').notNull(),
    completedTs: ts('completed_ts'),
  },
  (t) => [uniqueIndex('identity_verifications_token_uq').on(t.token)],
);

/** Abuse-limit counters (issue 15): fixed windows per key, shared by every API instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: ts('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);

/** What browsers said about loading and mounting the remotes (issue 14): one row per report. */
export const remoteLoadReports = pgTable(
  'remote_load_reports',
  {
    id: serial('id').primaryKey(),
    receivedTs: ts('received_ts').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    outcome: text('outcome', { enum: enumValues(RemoteLoadReport.shape.outcome.options) }).notNull(),
    servedVersion: text('served_version'),
    durationMs: integer('duration_ms').notNull(),
    message: text('message').notNull(),
    path: text('path').notNull(),
    release: text('release').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('remote_load_reports_received_idx').on(t.receivedTs),
    index('remote_load_reports_remote_idx').on(t.remote, t.version, t.receivedTs),
  ],
);

/** The job queue (ADR 0029, migration 0014): claimed with FOR UPDATE SKIP LOCKED under a lease. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    key: text('key'),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    runAt: ts('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    lockedUntil: ts('locked_until'),
    doneTs: ts('done_ts'),
    createdTs: ts('created_ts').notNull(),
  },
  (t) => [
    uniqueIndex('jobs_name_key_uq').on(t.name, t.key),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneTs} is null`),
  ],
);
