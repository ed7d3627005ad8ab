import { Box, Heading, Text } from '@chakra-ui/react';
import { messages } from 'shared-kernel/messages';
import { HeroSearch } from './hero-search';

export function HomePage() {
  return (
    <Box as="section" bg="brand.solid" color="white" px={{ base: 4, md: 10 }} py={{ base: 12, md: 24 }} data-testid="hero">
      <Box maxW="1800px" mx="auto">
        <Heading as="h1" size={{ base: '3xl', md: '5xl' }} mb={4} maxW="3xl">
          {messages.publicSite.heroTitle}
        </Heading>
        <Text fontSize={{ base: 'lg', md: 'xl' }} mb={8} maxW="2xl">
          {messages.publicSite.heroSubtitle}
        </Text>
        <HeroSearch />
      </Box>
    </Box>
  );
}
