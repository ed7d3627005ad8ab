import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Form, FormField, useZodForm } from 'shared-kernel/forms';
import { format } from 'shared-kernel/messages';
import type { AdminUser } from 'shared-kernel/schemas';
import { formatTallinnShort } from 'shared-kernel/time';
import { Badge, Box, Button, ErrorFallback, HStack, Loader, Table, Text, notify } from 'shared-kernel/ui';
import { accountTexts } from '../../../messages/et';
import { reinstateUserMutationOptions } from '../api/reinstate-user';
import { adminUsersQueryOptions } from '../api/search-users';
import { fullName } from '../model/full-name';
import { userSearchForm, type UserSearchFormValues } from '../model/user-forms';
import { AdminPage } from './admin-page';
import { SuspendUserForm } from './suspend-user-form';

const t = accountTexts.admin.users;
const c = t.columns;

/** `/auth/admin/users`: find a user, suspend with a reason, reinstate; the audit log below (issue 31). */
export function AdminUsersPage() {
  return (
    <AdminPage testId="admin-users" title={t.title} intro={t.intro}>
      <UserSearch />
    </AdminPage>
  );
}

function UserSearch() {
  const [q, setQ] = useState('');
  const form = useZodForm(userSearchForm, { defaultValues: { q: '' } });
  const found = useQuery(adminUsersQueryOptions(q));
  return (
    <Box as="section">
      <Form form={form} onSubmit={(values: { q: string }) => setQ(values.q)} aria-label={t.title}>
        <HStack alignItems="end" gap={3} mb={4}>
          <Box flex="1">
            <FormField<UserSearchFormValues> name="q" label={t.search} />
          </Box>
          <Button type="submit" colorPalette="brand">
            {t.searchSubmit}
          </Button>
        </HStack>
      </Form>
      {found.isPending ? (
        <Loader minH="10vh" />
      ) : found.isError ? (
        <ErrorFallback message={t.loadFailed} onRetry={() => void found.refetch()} />
      ) : found.data.length === 0 ? (
        <Text>{t.none}</Text>
      ) : (
        <UserTable users={found.data} />
      )}
    </Box>
  );
}

function UserTable({ users }: { users: AdminUser[] }) {
  const [suspending, setSuspending] = useState<number | null>(null);
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" data-testid="admin-user-list">
        <Table.Header>
          <Table.Row>
            {[c.name, c.email, c.type, c.status, c.actions].map((h) => (
              <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {users.map((user) => (
            <Table.Row key={user.id} data-testid={`admin-user-${user.id}`}>
              <Table.Cell>{fullName(user)}</Table.Cell>
              <Table.Cell>{user.email ?? user.username}</Table.Cell>
              <Table.Cell>{t.types[user.type]}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={user.suspended ? 'red' : 'green'}>{user.suspended ? t.suspended : t.active}</Badge>
                {user.suspended && user.suspendedTs ? (
                  <Text fontSize="sm" overflowWrap="anywhere">
                    {format(t.suspendedSince, { time: formatTallinnShort(user.suspendedTs), reason: user.suspendedReason ?? '' })}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell minW="xs">
                {user.suspended ? (
                  <ReinstateButton user={user} />
                ) : suspending === user.id ? (
                  <SuspendUserForm user={user} onDone={() => setSuspending(null)} />
                ) : (
                  <Button size="sm" variant="outline" colorPalette="red" onClick={() => setSuspending(user.id)}>
                    {t.suspend}
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function ReinstateButton({ user }: { user: AdminUser }) {
  const reinstate = useMutation(reinstateUserMutationOptions());
  // mutateAsync, not mutate's callbacks: the refetch replaces this button before the mutation
  // settles, and callbacks of an unmounted observer never run.
  const run = async () => {
    try {
      await reinstate.mutateAsync({ userId: user.id });
      notify({ type: 'success', message: format(t.reinstatedDone, { name: fullName(user) }) });
    } catch {
      notify({ type: 'error', message: t.actionFailed });
    }
  };
  return (
    <Button size="sm" colorPalette="brand" loading={reinstate.isPending} onClick={() => void run()}>
      {t.reinstate}
    </Button>
  );
}
