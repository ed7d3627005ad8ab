import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'shared-kernel/router';
import { Box, Button, Flex, Grid, Heading, IconButton, Link, Loader, Stack, Text } from 'shared-kernel/ui';
import { useDerivedSession, useSession, type SessionUser } from 'shared-kernel/session';
import { formatEuros, toCents } from 'shared-kernel/domain';
import { accountSummaryQueryOptions } from '../../../api/get-account-summary';
import { accountTexts } from '../../../messages/et';
import { primeContact } from '../model/profile-form';
import { LatestProducts } from './latest-products';
import { ProfileAlerts } from './profile-alerts';
import { ProfileEditForm } from './profile-edit-form';
import { SettingToggle } from './setting-toggle';

const t = accountTexts.profile;

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Box>
      <Text as="dt" fontWeight="bold">
        {label}
      </Text>
      <Box as="dd" data-testid={testId}>
        {children}
      </Box>
    </Box>
  );
}

function InfoRows({ user, onEdit }: { user: SessionUser; onEdit: () => void }) {
  const { isBusiness } = useDerivedSession();
  const summary = useQuery(accountSummaryQueryOptions());
  // The session's balance is shown until the account's own answer arrives.
  const balanceCents = summary.data?.balanceCents ?? toCents(user.accountBalance);
  return (
    // The e-mail setting is no term of the list: a `<dl>` holds only dt/dd groups (axe definition-list).
    <Stack gap={3}>
      <Stack as="dl" gap={3}>
        {isBusiness ? (
          <Row label={t.vat} testId="profile-vat">
            <SettingToggle userId={user.id} name="allowVat" checked={user.allowVat} label={t.vat} testId="toggle-vat" />
          </Row>
        ) : null}
        <Row label={accountTexts.profile.email} testId="profile-email">
          {primeContact(user, 'EMAIL')?.value ?? user.username}
        </Row>
        <Row label={accountTexts.profile.phone} testId="profile-phone">
          {primeContact(user, 'PHONE')?.value ?? accountTexts.profile.missing}
        </Row>
        <Row label={t.balance} testId="profile-balance">
          <Link asChild color="brand.700">
            <RouterLink to="/auth/account">{formatEuros(balanceCents)}</RouterLink>
          </Link>
        </Row>
        <Row label={t.accountNr} testId="profile-account-nr">
          {user.accountNr ? (
            <Link asChild color="brand.700">
              <RouterLink to="/auth/account">{user.accountNr}</RouterLink>
            </Link>
          ) : (
            <Button variant="outline" size="sm" onClick={onEdit}>
              {t.addAccountNr}
            </Button>
          )}
        </Row>
      </Stack>
      <Box pt={2}>
        <SettingToggle userId={user.id} name="allowEmail" checked={user.allowEmail} label={t.allowEmail} testId="toggle-email" />
      </Box>
    </Stack>
  );
}

/** `/auth/user-profile`: who the user is, their settings, the alerts that need them and their latest products. */
export function ProfilePage() {
  const user = useSession((s) => s.user);
  const status = useSession((s) => s.status);
  const [editing, setEditing] = useState(false);
  // The shell waits for the session before mounting /auth pages; standalone (?session=real) does not.
  if (!user) return status === 'loading' ? <Loader minH="40vh" /> : null;
  const fullName = [user.name, user.lastName].filter(Boolean).join(' ');
  return (
    <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap={6} w="100%" maxW="6xl">
      <Box>
        <Text color="gray.500">{accountTexts.profile.title}</Text>
        <Flex align="center" gap={2} mb={6}>
          <Heading as="h1" size="2xl" data-testid="profile-name">
            {fullName}
          </Heading>
          <IconButton aria-label={t.edit} variant="ghost" size="sm" onClick={() => setEditing(true)} disabled={editing}>
            ✎
          </IconButton>
        </Flex>
        <ProfileAlerts />
        {editing ? (
          <ProfileEditForm user={user} onDone={() => setEditing(false)} />
        ) : (
          <InfoRows user={user} onEdit={() => setEditing(true)} />
        )}
      </Box>
      <LatestProducts userId={user.id} />
    </Grid>
  );
}
