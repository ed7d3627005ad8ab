import { Box, LoadingOverlay } from 'shared-kernel/ui';
import { messages } from 'shared-kernel/messages';
import { PageSkeleton } from '../../../components/page-skeleton';

/**
 * Stands in a slice's area while the shell fetches and mounts it: the skeleton at once, and the
 * kernel LoadingOverlay's spinner with its label only after the spec's 333 ms, so a fast slice never
 * flashes a spinner.
 */
export function RemoteLoading({ remoteName }: { remoteName: string }) {
  return (
    <Box data-testid="remote-loading" data-remote-name={remoteName} minH="40vh" w="100%">
      <LoadingOverlay loading minH="40vh" label={messages.shell.remoteLoading} showLabel>
        <PageSkeleton />
      </LoadingOverlay>
    </Box>
  );
}
