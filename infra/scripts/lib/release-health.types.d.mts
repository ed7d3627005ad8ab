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
