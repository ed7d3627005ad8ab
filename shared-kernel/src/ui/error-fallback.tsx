import { Box, Button, Heading, Text } from './chakra';
import { messages } from 'shared-kernel/messages';

export interface ErrorFallbackProps {
  title?: string;
  message?: string;
  /** Shows the retry button when given. */
  onRetry?: () => void;
}

/** What a slice's area shows when it fails to load or throws; the rest of the page keeps working. */
export function ErrorFallback({
  title = messages.common.errorFallbackTitle,
  message = messages.common.errorFallbackText,
  onRetry,
}: ErrorFallbackProps) {
  return (
    <Box role="alert" p={{ base: '4', md: '8' }} textAlign="center">
      <Heading as="h2" size="lg" mb="2">
        {title}
      </Heading>
      <Text mb="4">{message}</Text>
      {onRetry && (
        <Button colorPalette="brand" onClick={onRetry}>
          {messages.common.retry}
        </Button>
      )}
    </Box>
  );
}
