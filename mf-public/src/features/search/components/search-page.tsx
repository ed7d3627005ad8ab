import { Box, Heading, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { messages } from 'shared-kernel/messages';
import { HeroSearch } from '../../home/components/hero-search';

/** The map search arrives with its own issue; until then the page keeps the query and lets it be changed. */
export function SearchPage() {
  const [params] = useSearchParams();
  const search = params.get('search') ?? '';
  return (
    <Box maxW="1800px" mx="auto" w="100%" px={4} py={8}>
      <Heading as="h1" size="2xl" mb={4}>
        {messages.publicSite.searchTitle}
      </Heading>
      {search ? (
        <Text mb={4} data-testid="search-query">
          {search}
        </Text>
      ) : null}
      <HeroSearch />
    </Box>
  );
}
