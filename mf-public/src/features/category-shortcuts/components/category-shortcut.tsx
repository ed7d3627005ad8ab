import { useEffect } from 'react';
import { Box } from 'shared-kernel/ui';
import { useLocation, useNavigate } from 'react-router';
import { messages } from 'shared-kernel/messages';
import { shortcutTarget } from '../model/shortcuts';

/** Replaces the shortcut URL with the search page and its preset, so Back skips the shortcut. */
export function CategoryShortcut() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(shortcutTarget(pathname), { replace: true });
  }, [pathname, navigate]);
  return (
    <Box p={8} color="gray.600" aria-live="polite">
      {messages.publicSite.redirecting}
    </Box>
  );
}
