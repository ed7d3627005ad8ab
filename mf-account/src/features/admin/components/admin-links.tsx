import { Link as RouterLink } from 'shared-kernel/router';
import { useSession } from 'shared-kernel/session';
import { HStack, Link } from 'shared-kernel/ui';
import { accountTexts } from '../../../messages/et';
import { isAdmin } from '../model/is-admin';

const LINKS = [
  ['/auth/admin/users', accountTexts.admin.users.link],
  ['/auth/admin/payouts', accountTexts.admin.payouts.link],
  ['/auth/admin/disputes', accountTexts.admin.disputes.link],
  ['/auth/admin/remote-health', accountTexts.admin.remoteHealth.link],
] as const;

/**
 * The admin pages reachable from `/auth/admin`. The shell's navigation has no per-role entries,
 * so the link lives here and only administrators see it.
 */
export function AdminLinks() {
  const user = useSession((s) => s.user);
  if (!isAdmin(user)) return null;
  return (
    <HStack as="nav" w="100%" maxW="5xl" mb={4} gap={6} flexWrap="wrap">
      {LINKS.map(([to, label]) => (
        <Link key={to} asChild color="brand.700" fontWeight="bold">
          <RouterLink to={to}>{label}</RouterLink>
        </Link>
      ))}
    </HStack>
  );
}
