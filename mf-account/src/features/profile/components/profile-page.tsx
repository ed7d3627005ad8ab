import { Box, Heading, Link, Loader, Stack, Text } from 'shared-kernel/ui';
import { Link as RouterLink } from 'react-router';
import { useDerivedSession, useSession } from 'shared-kernel/session';
import { messages } from 'shared-kernel/messages';

function contact(user: { contactInfos: { type: string; value: string; prime: boolean }[] }, type: string): string | null {
  const infos = user.contactInfos.filter((c) => c.type === type);
  return (infos.find((c) => c.prime) ?? infos[0])?.value ?? null;
}

export function ProfilePage() {
  const user = useSession((s) => s.user);
  const status = useSession((s) => s.status);
  const { needsVerification } = useDerivedSession();
  // The shell waits for the session before mounting /auth pages; standalone (?session=real) does not.
  if (!user) return status === 'loading' ? <Loader minH="40vh" /> : null;
  const fullName = [user.name, user.lastName].filter(Boolean).join(' ');
  const email = contact(user, 'EMAIL') ?? user.username;
  const phone = contact(user, 'PHONE');
  return (
    <Box w="100%" maxW="3xl">
      <Text color="gray.500">{messages.account.profileTitle}</Text>
      <Heading as="h1" size="2xl" mb={6} data-testid="profile-name">
        {fullName}
      </Heading>
      {needsVerification ? (
        <Box role="alert" data-testid="profile-restricted" bg="blue.50" borderWidth="1px" borderColor="blue.200" borderRadius="md" p={4} mb={6}>
          <Text>{messages.identity.restrictedAccount}</Text>
          <Link asChild color="blue.700" fontWeight="bold">
            <RouterLink to="/auth/verify-identity">{messages.identity.restrictedAccountLink}</RouterLink>
          </Link>
        </Box>
      ) : null}
      <Stack as="dl" gap={3}>
        <Box>
          <Text as="dt" fontWeight="bold">{messages.account.email}</Text>
          <Text as="dd" data-testid="profile-email">{email}</Text>
        </Box>
        <Box>
          <Text as="dt" fontWeight="bold">{messages.account.phone}</Text>
          <Text as="dd" data-testid="profile-phone">{phone ?? messages.account.missing}</Text>
        </Box>
      </Stack>
    </Box>
  );
}
