import type { LightMyRequestResponse } from 'fastify';
import { withTransaction } from '../db/transaction';
import type { DemoUser } from '../demo/demo-users';
import { accounts, postLedger } from '../repositories/ledger';
import { sessionHeaders, type TestContext } from './test-app';

export type CallAs<Who extends string> = (
  who: Who | undefined,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
) => Promise<LightMyRequestResponse>;
export type DemoCall = CallAs<DemoUser['key']>;

/**
 * Calls the API with the headers `as` gives for a caller (a cast's `as` from `demoCast`); a string
 * body is sent as written (malformed JSON), anything else as JSON.
 */
export function callerAs<Who extends string>(ctx: TestContext, as: (who: Who | undefined) => Promise<Record<string, string>>): CallAs<Who> {
  return async (who, method, url, body) => {
    const headers = await as(who);
    if (body === undefined) return ctx.app.inject({ method, url, headers });
    return ctx.app.inject({
      method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  };
}

/** Calls the API as a demo user (a fresh session each time) or anonymously, as `callerAs` does. */
export function demoCaller(ctx: TestContext, ids: Record<DemoUser['key'], number>): DemoCall {
  return callerAs(ctx, (who) => sessionHeaders(ctx, who === undefined ? undefined : ids[who]));
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
