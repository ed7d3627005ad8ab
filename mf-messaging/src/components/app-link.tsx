import type { MouseEvent, ReactNode } from 'react';
import { navigate } from 'shared-kernel/platform';
import { Link, type TextProps } from 'shared-kernel/ui';

/**
 * A link to any route of the platform. Widgets render inside another slice's tree, whose router
 * may not know the target: going through the URL lets single-spa route it, without a page load.
 */
export function AppLink({
  to,
  children,
  onNavigate,
  ...rest
}: { to: string; children: ReactNode; onNavigate?: () => void; 'aria-label'?: string; title?: string } & Pick<
  TextProps,
  'fontWeight' | 'color'
>) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate?.();
    navigate(to);
  };
  return (
    <Link href={to} onClick={onClick} {...rest}>
      {children}
    </Link>
  );
}
