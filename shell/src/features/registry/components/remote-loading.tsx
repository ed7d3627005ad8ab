import { Box, Loader } from 'shared-kernel/ui';
import { messages } from 'shared-kernel/messages';

/**
 * Stands in a slice's area while the shell fetches and mounts it. The kernel's Loader keeps the
 * spec's delay: nothing for the first 333 ms, so a fast slice never flashes a spinner.
 */
export function RemoteLoading({ remoteName }: { remoteName: string }) {
  return (
    <Box data-testid="remote-loading" data-remote-name={remoteName} minH="40vh">
      <Loader minH="40vh" label={messages.shell.remoteLoading} showLabel />
    </Box>
  );
}
