import { Button, HStack, Span } from 'shared-kernel/ui';
import { format, messages } from 'shared-kernel/messages';

export interface OverrideBadgeProps {
  /** names of the remotes this browser loads from a local server */
  remotes: readonly string[];
  onClear: () => void;
}

/**
 * Always on screen while this browser runs a remote from a local server, so a tester never
 * mistakes it for the published release. Remote names are shown as text, never as HTML.
 */
export function OverrideBadge({ remotes, onClear }: OverrideBadgeProps) {
  if (remotes.length === 0) return null;
  return (
    <HStack
      role="status"
      data-testid="override-badge"
      position="fixed"
      bottom="3"
      left="3"
      zIndex="max"
      gap="3"
      px="3"
      py="2"
      borderRadius="md"
      bg="orange.100"
      color="orange.900"
      borderWidth="1px"
      borderColor="orange.400"
      boxShadow="md"
      fontSize="sm"
    >
      <Span fontWeight="semibold">{format(messages.shell.override.badge, { remotes: remotes.join(', ') })}</Span>
      <Button size="xs" variant="outline" onClick={onClear} aria-label={messages.shell.override.clearLabel}>
        {messages.shell.override.clear}
      </Button>
    </HStack>
  );
}
