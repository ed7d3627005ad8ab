import { desc, gte, sql } from 'drizzle-orm';
import type { RemoteLoadReport, RemoteReportRow, RemoteReportSummary } from 'shared-kernel/schemas';
import type { Db } from '../db/database';
import { remoteLoadReports } from '../db/schema';

/** Longest User-Agent kept: enough to tell the browser and its version, not a place to store text. */
export const USER_AGENT_MAX = 200;

/** The browsers' reports on loading and mounting remotes (issue 14), for the admin page. */
export class RemoteReportRepository {
  constructor(private readonly db: Db) {}

  async add(report: RemoteLoadReport, meta: { userId: number | null; userAgent: string | undefined; now: Date }): Promise<void> {
    await this.db.insert(remoteLoadReports).values({
      receivedTs: meta.now,
      userId: meta.userId,
      remote: report.remote,
      version: report.version,
      outcome: report.outcome,
      servedVersion: report.servedVersion,
      durationMs: report.durationMs,
      message: report.message,
      path: report.path,
      release: report.release,
      userAgent: meta.userAgent ? meta.userAgent.slice(0, USER_AGENT_MAX) : null,
    });
  }

  /** The newest reports first. */
  async latest(limit: number): Promise<RemoteReportRow[]> {
    const rows = await this.db
      .select()
      .from(remoteLoadReports)
      .orderBy(desc(remoteLoadReports.receivedTs), desc(remoteLoadReports.id))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      receivedAt: r.receivedTs.toISOString(),
      userId: r.userId,
      remote: r.remote,
      version: r.version,
      outcome: r.outcome,
      servedVersion: r.servedVersion,
      durationMs: r.durationMs,
      message: r.message,
      path: r.path,
      release: r.release,
      userAgent: r.userAgent,
    }));
  }

  /** Per remote and version since `since`: how many of each outcome, and the median and 95th percentile duration. */
  async summarySince(since: Date): Promise<RemoteReportSummary[]> {
    const t = remoteLoadReports;
    const count = (outcome: string) => sql<number>`count(*) filter (where ${t.outcome} = ${outcome})::int`;
    const rows = await this.db
      .select({
        remote: t.remote,
        version: t.version,
        total: sql<number>`count(*)::int`,
        ok: count('ok'),
        load: count('load'),
        mount: count('mount'),
        timeout: count('timeout'),
        p50Ms: sql<number | null>`percentile_cont(0.5) within group (order by ${t.durationMs})`,
        p95Ms: sql<number | null>`percentile_cont(0.95) within group (order by ${t.durationMs})`,
      })
      .from(t)
      .where(gte(t.receivedTs, since))
      .groupBy(t.remote, t.version)
      .orderBy(t.remote, t.version);
    // node-postgres hands numeric aggregates over as strings; PGlite as numbers.
    const num = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);
    return rows.map((r) => ({
      ...r,
      total: Number(r.total),
      ok: Number(r.ok),
      load: Number(r.load),
      mount: Number(r.mount),
      timeout: Number(r.timeout),
      p50Ms: num(r.p50Ms),
      p95Ms: num(r.p95Ms),
    }));
  }

  async purgeOlderThan(before: Date): Promise<void> {
    await this.db.delete(remoteLoadReports).where(sql`${remoteLoadReports.receivedTs} < ${before.toISOString()}::timestamptz`);
  }
}
