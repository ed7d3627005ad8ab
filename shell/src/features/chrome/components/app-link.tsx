import type { ReactNode } from 'react';
import { Link as RouterLink } from 'shared-kernel/router';
import { Link } from 'shared-kernel/ui';

export function AppLink({
  to,
  children,
  ...rest
}: {
  to: string;
  children: ReactNode;
  color?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  return (
    <Link asChild fontWeight="medium" {...rest}>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
