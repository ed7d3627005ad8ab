import { messages } from 'shared-kernel/messages';

export interface IdentityOutcome {
  ok: boolean;
  token?: string;
  message?: string;
}

/**
 * Reads the identity-check widget's result defensively: the widget is another slice's code,
 * possibly of another version, so only `ok`/`status`, `token` and `message` are relied on.
 */
export function identityOutcome(result: unknown): IdentityOutcome {
  const r = (result ?? {}) as { ok?: unknown; status?: unknown; token?: unknown; message?: unknown };
  const ok = r.ok === true || r.status === 'ok';
  const token = typeof r.token === 'string' && r.token ? r.token : undefined;
  const message = typeof r.message === 'string' && r.message ? r.message : ok ? undefined : messages.errors.identity.cancelledEnglish;
  return { ok, token, message };
}
