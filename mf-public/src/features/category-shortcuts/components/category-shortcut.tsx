import { useEffect } from 'react';
import { Box } from 'shared-kernel/ui';
import { useLocation, useNavigate } from 'shared-kernel/router';
import { shortcutTarget } from '../model/shortcuts';
import { publicSiteTexts } from '../../../messages/public-site';

/** Replaces the shortcut URL with the search page and its preset, so Back skips the shortcut. */
export function CategoryShortcut() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(shortcutTarget(pathname), { replace: true });
  }, [pathname, navigate]);
  return (
    <Box p={8} color="gray.600" aria-live="polite">
      {publicSiteTexts.redirecting}
    </Box>
  );
}
