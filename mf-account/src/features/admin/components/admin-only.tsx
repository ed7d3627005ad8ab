import type { ReactNode } from 'react';
import { messages } from 'shared-kernel/messages';
import { useSession } from 'shared-kernel/session';
import { Box, Text } from 'shared-kernel/ui';
import { isAdmin } from '../model/is-admin';

/** An operator page: nothing while the session loads, the kernel's refusal text for anyone but an admin. */
export function AdminOnly({ testId, children }: { testId: string; children: ReactNode }) {
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
      {children}
    </Box>
  );
}
