import type { LightMyRequestResponse } from 'fastify';
import { withTransaction } from '../db/transaction';
import type { DemoUser } from '../demo/demo-users';
import { accounts, postLedger } from '../repositories/ledger';
import { cookieHeader, type TestContext } from './test-app';

export type DemoCall = (
  who: DemoUser['key'] | undefined,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
) => Promise<LightMyRequestResponse>;

/**
 * Calls the API as a demo user (a fresh session each time) or anonymously; a string body is sent
 * as written (malformed JSON), anything else as JSON.
 */
export function demoCaller(ctx: TestContext, ids: Record<DemoUser['key'], number>): DemoCall {
  return async (who, method, url, body) => {
    const headers = who ? cookieHeader(await ctx.app.sessionRepository.create(ids[who], ctx.clock.now())) : {};
    if (body === undefined) return ctx.app.inject({ method, url, headers });
    return ctx.app.inject({
      method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  };
}

/** Money in a user's wallet, as a settled bank-link deposit would put it there. */
export async function fundWallet(ctx: TestContext, userId: number, cents: number, key: string): Promise<void> {
  await withTransaction(ctx.database.db, (tx) =>
    postLedger(tx, {
      kind: 'DEPOSIT',
      idempotencyKey: `test:${key}`,
      now: ctx.clock.now(),
      entries: [
        { account: accounts.clearing, amountCents: -cents },
        { account: accounts.wallet(userId), userId, amountCents: cents },
      ],
    }),
  );
}
