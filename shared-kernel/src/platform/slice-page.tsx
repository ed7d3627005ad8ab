import type { ReactNode } from 'react';
import { Box, Heading, Text } from '../ui/chakra';

/** The heading block every signed-in page starts with. */
export function SlicePage({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <Box w="100%">
      <Heading as="h1" size="2xl" mb={subtitle ? 1 : 6}>
        {title}
      </Heading>
      {subtitle ? (
        <Text color="gray.600" mb={6} data-testid="page-subtitle">
          {subtitle}
        </Text>
      ) : null}
      {children}
    </Box>
  );
}
