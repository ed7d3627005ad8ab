import { eq, lt } from 'drizzle-orm';
import type { IdentityMethod } from 'shared-kernel/schemas';
import type { Db } from '../db/database';
import { identitySandboxSessions } from '../db/schema';

export interface SandboxSessionRecord {
  method: IdentityMethod;
  result: string;
  personalCode: string;
  startedMs: number;
}

/**
 * Where the identity sandbox keeps its running sessions. The sandbox providers take any store;
 * the app gives them this one so every replica sees the sessions another one started.
 */
export interface SandboxSessionStore {
  put(id: string, session: SandboxSessionRecord): Promise<void>;
  get(id: string): Promise<SandboxSessionRecord | undefined>;
  /** Forgets sessions started before this instant (the demo service forgets them too). */
  pruneBefore(beforeMs: number): Promise<void>;
}

export class IdentitySandboxSessionRepository implements SandboxSessionStore {
  constructor(private readonly db: Db) {}

  async put(id: string, session: SandboxSessionRecord): Promise<void> {
    await this.db.insert(identitySandboxSessions).values({
      id,
      method: session.method,
      result: session.result,
      personalCode: session.personalCode,
      startedTs: new Date(session.startedMs),
    });
  }

  async get(id: string): Promise<SandboxSessionRecord | undefined> {
    const [row] = await this.db.select().from(identitySandboxSessions).where(eq(identitySandboxSessions.id, id)).limit(1);
    return row ? { method: row.method, result: row.result, personalCode: row.personalCode, startedMs: row.startedTs.getTime() } : undefined;
  }

  async pruneBefore(beforeMs: number): Promise<void> {
    await this.db.delete(identitySandboxSessions).where(lt(identitySandboxSessions.startedTs, new Date(beforeMs)));
  }
}
