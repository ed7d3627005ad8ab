import { useState } from 'react';
import { Box } from 'shared-kernel/ui';
import { ErrorFallback } from 'shared-kernel/ui';
import { messages } from 'shared-kernel/messages';

/** Shown in a remote's area when it cannot be loaded or crashes while mounting. */
export function RemoteFallback({ remoteName, onRetry }: { remoteName: string; onRetry: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Box data-testid="remote-fallback" data-remote-name={remoteName} aria-busy={busy}>
      <ErrorFallback
        title={messages.shell.remoteUnavailableTitle}
        message={messages.shell.remoteUnavailableText}
        onRetry={() => {
          if (busy) return;
          setBusy(true);
          void onRetry().finally(() => setBusy(false));
        }}
      />
    </Box>
  );
}
