import { useQuery } from '@tanstack/react-query';
import { format, messages } from 'shared-kernel/messages';
import type { RemoteReportRow, RemoteReportSummary } from 'shared-kernel/schemas';
import { useSession } from 'shared-kernel/session';
import { formatTallinnShort } from 'shared-kernel/time';
import { Badge, Box, ErrorFallback, Heading, Loader, Stack, Table, Text } from 'shared-kernel/ui';
import { accountTexts } from '../../../messages/et';
import { remoteReportsQueryOptions } from '../api/get-remote-reports';
import { isAdmin } from '../model/is-admin';

const t = accountTexts.admin.remoteHealth;
const c = t.columns;

const ms = (value: number | null) => (value === null ? '–' : format(t.ms, { value: Math.round(value) }));
const OUTCOME_COLOR: Record<RemoteReportRow['outcome'], string> = { ok: 'green', load: 'red', mount: 'red', timeout: 'orange' };

/** `/auth/admin/remote-health`: how loading and mounting the remotes went in browsers (issue 14). */
export function RemoteHealthPage() {
  const user = useSession((s) => s.user);
  const admin = isAdmin(user);
  const reports = useQuery({ ...remoteReportsQueryOptions(), enabled: admin });

  if (!user) return null;
  // The kernel's refusal text, as a 403 from the API would show it; nothing is asked for.
  if (!admin) {
    return (
      <Box w="100%" maxW="6xl" role="alert" data-testid="remote-health-denied">
        <Text>{messages.common.forbidden}</Text>
      </Box>
    );
  }
  return (
    <Box w="100%" maxW="6xl">
      <Heading as="h1" size="2xl" mb={2}>
        {t.title}
      </Heading>
      <Text mb={6} color="fg.muted">
        {t.intro}
      </Text>
      {reports.isPending ? (
        <Loader minH="30vh" />
      ) : reports.isError ? (
        <ErrorFallback message={t.loadFailed} onRetry={() => void reports.refetch()} />
      ) : (
        <Stack gap={8}>
          <SummaryTable rows={reports.data.summary} />
          <ReportsTable rows={reports.data.reports} />
        </Stack>
      )}
    </Box>
  );
}

function SummaryTable({ rows }: { rows: RemoteReportSummary[] }) {
  return (
    <Box as="section">
      <Heading as="h2" size="lg" mb={3}>
        {t.summaryTitle}
      </Heading>
      {rows.length === 0 ? (
        <Text>{t.noneSummary}</Text>
      ) : (
        // Wide rows scroll sideways: the region takes the focus so a keyboard can scroll it (nothing in it is focusable).
        <Table.ScrollArea tabIndex={0} role="region" aria-label={t.summaryTitle}>
          <Table.Root size="sm" data-testid="remote-health-summary">
            <Table.Header>
              <Table.Row>
                {[c.remote, c.version, c.total, c.ok, c.load, c.mount, c.timeout, c.p50, c.p95].map((h) => (
                  <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={`${r.remote}@${r.version}`}>
                  <Table.Cell>{r.remote}</Table.Cell>
                  <Table.Cell>{r.version}</Table.Cell>
                  <Table.Cell>{r.total}</Table.Cell>
                  <Table.Cell>{r.ok}</Table.Cell>
                  <Table.Cell color={r.load > 0 ? 'red.700' : undefined}>{r.load}</Table.Cell>
                  <Table.Cell color={r.mount > 0 ? 'red.700' : undefined}>{r.mount}</Table.Cell>
                  <Table.Cell color={r.timeout > 0 ? 'orange.700' : undefined}>{r.timeout}</Table.Cell>
                  <Table.Cell>{ms(r.p50Ms)}</Table.Cell>
                  <Table.Cell>{ms(r.p95Ms)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Box>
  );
}

function ReportsTable({ rows }: { rows: RemoteReportRow[] }) {
  return (
    <Box as="section">
      <Heading as="h2" size="lg" mb={3}>
        {t.reportsTitle}
      </Heading>
      {rows.length === 0 ? (
        <Text>{t.noneReports}</Text>
      ) : (
        <Table.ScrollArea tabIndex={0} role="region" aria-label={t.reportsTitle}>
          <Table.Root size="sm" data-testid="remote-health-reports">
            <Table.Header>
              <Table.Row>
                {[c.time, c.remote, c.version, c.outcome, c.served, c.duration, c.path, c.message, c.user].map((h) => (
                  <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.id}>
                  <Table.Cell whiteSpace="nowrap">{formatTallinnShort(r.receivedAt)}</Table.Cell>
                  <Table.Cell>{r.remote}</Table.Cell>
                  <Table.Cell>{r.version}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={OUTCOME_COLOR[r.outcome]}>{t.outcomes[r.outcome]}</Badge>
                  </Table.Cell>
                  <Table.Cell>{r.servedVersion ?? t.fallbackPage}</Table.Cell>
                  <Table.Cell>{ms(r.durationMs)}</Table.Cell>
                  <Table.Cell>{r.path}</Table.Cell>
                  {/* Browser-sent text: rendered as text, never as HTML. */}
                  <Table.Cell maxW="xs" overflowWrap="anywhere">
                    {r.message}
                  </Table.Cell>
                  <Table.Cell>{r.userId ?? t.anonymous}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Box>
  );
}
