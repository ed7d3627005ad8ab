import type { ReactNode } from 'react';
import { Box, Heading, Stack, Text } from 'shared-kernel/ui';

/** The frame of the public text pages: a readable column with a heading. */
export function TextPage({
  title,
  subtitle,
  children,
  testId,
  prerender = false,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
  testId?: string;
  /** Marks the page a server rendering of it gives way to (`data-prerender`, ADR 0041). */
  prerender?: boolean;
}) {
  return (
    <Box maxW="4xl" mx="auto" w="100%" px={4} py={{ base: 8, md: 12 }} data-testid={testId} data-prerender={prerender ? '' : undefined}>
      <Heading as="h1" size="3xl" mb={subtitle ? 2 : 6}>
        {title}
      </Heading>
      {subtitle ? (
        <Text color="gray.600" mb={6}>
          {subtitle}
        </Text>
      ) : null}
      <Stack gap={6}>{children}</Stack>
    </Box>
  );
}

/** A titled section of paragraphs; texts come from the catalogue as `{ title, p1, p2, ... }`. */
export function TextSection({
  id,
  section,
  params,
}: {
  id: string;
  section: { title: string } & Record<string, string>;
  params?: (s: string) => string;
}) {
  const paragraphs = Object.entries(section)
    .filter(([k]) => k !== 'title')
    .map(([, v]) => (params ? params(v) : v));
  return (
    <Box as="section" id={id} aria-labelledby={`${id}-title`} data-testid={`section-${id}`}>
      <Heading as="h2" id={`${id}-title`} size="xl" mb={3}>
        {section.title}
      </Heading>
      <Stack gap={2}>
        {paragraphs.map((p) => (
          <Text key={p}>{p}</Text>
        ))}
      </Stack>
    </Box>
  );
}
