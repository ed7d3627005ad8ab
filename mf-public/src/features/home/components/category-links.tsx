import { Box, Flex, Grid, Heading, Text } from 'shared-kernel/ui';
import { Link as RouterLink } from 'shared-kernel/router';
import { CHIPS, CIRCLES, TILES } from '../model/links';
import { CategoryIcon } from './category-icon';
import { publicSiteTexts } from '../../../messages/public-site';

const t = publicSiteTexts;

export function CategoryChips() {
  return (
    <Flex as="nav" aria-label={t.chipsLabel} wrap="wrap" gap={2} mt={6} data-testid="category-chips">
      {CHIPS.map((c) => (
        <Box
          asChild
          key={c.key}
          display="inline-flex"
          alignItems="center"
          gap={2}
          px={4}
          py={2}
          borderRadius="full"
          bg="whiteAlpha.900"
          color="gray.800"
          fontWeight="medium"
          _hover={{ bg: 'white' }}
        >
          <RouterLink to={c.to}>
            <CategoryIcon category={c.key} size={18} />
            {c.label}
          </RouterLink>
        </Box>
      ))}
    </Flex>
  );
}

export function CategoryTiles() {
  return (
    <Box as="section" aria-labelledby="tiles-title" data-testid="category-tiles">
      <Heading as="h2" id="tiles-title" size="2xl" mb={6}>
        {t.tilesTitle}
      </Heading>
      <Grid templateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)', lg: 'repeat(7, 1fr)' }} gap={4}>
        {TILES.map((c) => (
          <Flex
            asChild
            key={c.key}
            direction="column"
            align="center"
            justify="center"
            gap={2}
            minH="120px"
            borderRadius="xl"
            bg="brand.subtle"
            p={4}
            textAlign="center"
            _hover={{ boxShadow: 'md' }}
          >
            <RouterLink to={c.to} data-testid={`tile-${c.key}`}>
              <Box color="brand.fg">
                <CategoryIcon category={c.key} size={36} />
              </Box>
              <Text fontWeight="semibold">{c.label}</Text>
            </RouterLink>
          </Flex>
        ))}
      </Grid>
    </Box>
  );
}

export function CategoryCircles() {
  return (
    <Box as="section" aria-labelledby="circles-title" data-testid="category-circles">
      <Heading as="h2" id="circles-title" size="2xl" mb={6} textAlign="center">
        {t.circlesTitle}
      </Heading>
      <Flex wrap="wrap" justify="center" gap={{ base: 4, md: 8 }}>
        {CIRCLES.map((c) => (
          <Flex asChild key={c.key} direction="column" align="center" gap={2} w="110px">
            <RouterLink to={c.to}>
              <Flex w="88px" h="88px" borderRadius="full" bg="brand.subtle" color="brand.fg" align="center" justify="center">
                <CategoryIcon category={c.key} size={40} />
              </Flex>
              <Text fontSize="sm" textAlign="center" fontWeight="medium">
                {c.label}
              </Text>
            </RouterLink>
          </Flex>
        ))}
      </Flex>
    </Box>
  );
}
