import { z } from 'shared-kernel/zod';
import { RemoteLoadReport } from '../platform/release-manifest';

// The report a browser sends is the platform contract (platform/release-manifest.ts); the API
// reaches it here, through the schemas entry, which carries no React.
export { RemoteLoadReport, REMOTE_REPORTS_PATH } from '../platform/release-manifest';

/** One stored report, as the admin page lists it. */
export const RemoteReportRow = RemoteLoadReport.extend({
  id: z.number().int(),
  /** ISO instant the API received it */
  receivedAt: z.string(),
  /** the signed-in user who sent it, or null */
  userId: z.number().int().nullable(),
  /** the browser's User-Agent, cut to 200 characters */
  userAgent: z.string().nullable(),
});
export type RemoteReportRow = z.infer<typeof RemoteReportRow>;

/** Outcomes and timings of one remote version over the summary window. */
export const RemoteReportSummary = z.object({
  remote: z.string(),
  version: z.string(),
  total: z.number().int(),
  ok: z.number().int(),
  load: z.number().int(),
  mount: z.number().int(),
  timeout: z.number().int(),
  /** median and 95th percentile of durationMs, null without reports */
  p50Ms: z.number().nullable(),
  p95Ms: z.number().nullable(),
});
export type RemoteReportSummary = z.infer<typeof RemoteReportSummary>;

/** `GET /platform/remote-reports` (admins): the latest reports and the last 24 hours per remote version. */
export const RemoteReportsAnswer = z.object({
  /** start of the summary window (ISO) */
  since: z.string(),
  reports: z.array(RemoteReportRow),
  summary: z.array(RemoteReportSummary),
});
export type RemoteReportsAnswer = z.infer<typeof RemoteReportsAnswer>;
