import { Box, Stack } from 'shared-kernel/ui';

const pulse = { animation: 'pulse 1.6s ease-in-out infinite', _motionReduce: { animation: 'none' } } as const;

/**
 * A page's outline (a heading and a few lines of text) in grey: shown from the first frame, so the
 * area is never blank while a slice is fetched and mounted (issue 25: after sign-in it was blank
 * for 1-2 s). Decoration only; the loader's label tells assistive technology what is happening.
 */
export function PageSkeleton() {
  return (
    <Stack gap={4} p={{ base: 1, md: 2 }} aria-hidden="true" data-testid="page-skeleton" w="100%">
      <Box h={8} w="40%" maxW="20rem" bg="gray.100" borderRadius="md" {...pulse} />
      {['90%', '75%', '82%'].map((width) => (
        <Box key={width} h={4} w={width} bg="gray.100" borderRadius="sm" {...pulse} />
      ))}
      <Box h="8rem" w="100%" bg="gray.50" borderRadius="md" {...pulse} />
    </Stack>
  );
}
