import { Link } from 'shared-kernel/ui';
import { Link as RouterLink } from 'shared-kernel/router';
import { messages } from 'shared-kernel/messages';

export function Logo() {
  return (
    <Link
      asChild
      fontWeight="bold"
      fontSize="xl"
      color="brand.solid"
      aria-label={messages.shell.logoAlt}
      _hover={{ textDecoration: 'none' }}
    >
      <RouterLink to="/public">Rendime</RouterLink>
    </Link>
  );
}
