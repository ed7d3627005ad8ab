import type { z } from 'zod';
import type { Manifest } from './registry.d.mts';
import type { RegistryStore } from './registry-store.d.mts';
export interface HealthSettings {
  minSessions: number;
  maxFailureRate: number;
  promoteOkSessions: number;
  promoteAfterMs: number;
  reportsPerMinute: number;
  sessionsPerClient: number;
  sessionMaxAgeS: number;
  /** Whether reports alone may promote a canary (RENDIME_HEALTH_AUTO_PROMOTE=1; off by default). */
  autoPromote: boolean;
}
export declare const RELEASE_SESSION_COOKIE: string;
export declare const HEALTH_WHO: string;
export declare const HEALTH_DEFAULTS: Readonly<HealthSettings>;
export declare function healthSettings(env?: Record<string, string | undefined>, over?: Partial<HealthSettings>): HealthSettings;
export declare function healthReportSchema(): z.ZodType<HealthReportBody>;
export interface HealthReportBody {
  remote: string;
  version: string;
  outcome: 'ok' | 'load' | 'mount' | 'timeout';
  servedVersion: string | null;
  durationMs: number;
  message: string;
  path: string;
  release: string;
}
export declare function issuesText(error: z.ZodError): string;
export declare function newReleaseSession(secret: string): string;
export declare function verifyReleaseSession(value: string | undefined | null, secret: string): string | null;
export declare function releaseSessionCookie(cookieHeader: string | undefined): string | undefined;
export declare function inCanary(sessionId: string | null, remote: string, percent: number): boolean;
export declare function manifestForSession<M extends Manifest | null>(manifest: M, sessionId: string | null): M;
export declare function verdict(tally: { ok: number; failed: number }, settings?: HealthSettings): 'unknown' | 'healthy' | 'unhealthy';
export declare function recordReport(
  store: RegistryStore,
  o: { report: HealthReportBody; session: string; settings?: HealthSettings; now?: number },
): Promise<{ counted: boolean; why?: string; tally?: { ok: number; failed: number }; action?: string }>;
export declare function reportLimiter(settings: HealthSettings): {
  allow(client: string, now?: number): boolean;
  mayVote(client: string, remote: string, version: string, session: string): boolean;
};
