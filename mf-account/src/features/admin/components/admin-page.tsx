import type { ReactNode } from 'react';
import { messages } from 'shared-kernel/messages';
import { useSession } from 'shared-kernel/session';
import { Box, Heading, Stack, Text } from 'shared-kernel/ui';
import { isAdmin } from '../model/is-admin';
import { AuditLogTable } from './audit-log-table';

/**
 * An operator page: nothing while the session loads, the kernel's refusal text for anyone but an
 * admin (and nothing asked of the API), else the title, the intro, the page's own part and the audit log.
 */
export function AdminPage({ testId, title, intro, children }: { testId: string; title: string; intro: string; children: ReactNode }) {
  const user = useSession((s) => s.user);
  if (!user) return null;
  if (!isAdmin(user)) {
    return (
      <Box w="100%" maxW="6xl" role="alert" data-testid={`${testId}-denied`}>
        <Text>{messages.common.forbidden}</Text>
      </Box>
    );
  }
  return (
    <Box w="100%" maxW="6xl" data-testid={testId}>
      <Heading as="h1" size="2xl" mb={2}>
        {title}
      </Heading>
      <Text mb={6} color="fg.muted">
        {intro}
      </Text>
      <Stack gap={8}>
        {children}
        <AuditLogTable />
      </Stack>
    </Box>
  );
}
