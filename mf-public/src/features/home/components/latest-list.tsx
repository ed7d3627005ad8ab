import { useRef } from 'react';
import { Box, Button, Flex, Heading, Image, Text, useNearView } from 'shared-kernel/ui';
import { Link as RouterLink } from 'shared-kernel/router';
import { cardTitle, cutText } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages';
import { useProductsPage } from '../hooks/use-products-page';
import { detailUrl } from '../../../components/detail-url';
import { publicSiteTexts } from '../../../messages/public-site';

const t = publicSiteTexts;
const LATEST_COUNT = 8;

/** The horizontally scrolling 'latest' list; it loads only when it comes near the viewport. */
export function LatestList() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearView(ref);
  const { status, products } = useProductsPage(0, LATEST_COUNT, near);
  const empty = status === 'done' && products.length === 0;
  return (
    <Box as="section" ref={ref} aria-labelledby="latest-title" data-testid="latest-list" display={empty ? 'none' : 'block'}>
      <Heading as="h2" id="latest-title" size="2xl" mb={4}>
        {t.latestTitle}
      </Heading>
      <Flex gap={4} position="relative" minW={0} maxW="100%" overflowX="auto" pb={2} minH="330px" scrollSnapType="x mandatory">
        {products.map((p) => (
          <Flex
            key={p.id}
            direction="column"
            flex="0 0 auto"
            w="260px"
            borderWidth="1px"
            borderRadius="lg"
            overflow="hidden"
            bg="white"
            scrollSnapAlign="start"
            data-testid="latest-card"
          >
            <Box aspectRatio={4 / 3} bg="gray.100">
              {p.images[0] ? (
                <Image
                  src={p.images[0].url}
                  alt={format(t.productImage, { name: p.name })}
                  loading="lazy"
                  decoding="async"
                  width={435}
                  height={326}
                  w="100%"
                  h="100%"
                  objectFit="cover"
                />
              ) : null}
            </Box>
            <Flex direction="column" p={3} gap={1} flex={1}>
              <Text fontWeight="semibold" title={p.name} data-testid="latest-title">
                {cardTitle(p.name)}
              </Text>
              <Text fontSize="sm" color="gray.600" lineClamp={2} flex={1}>
                {cutText(p.description, 80, messages.domain.ellipsis)}
              </Text>
              <Button asChild size="sm" colorPalette="brand" variant="outline" mt={2}>
                <RouterLink to={detailUrl(p.id)}>{t.latestButton}</RouterLink>
              </Button>
            </Flex>
          </Flex>
        ))}
      </Flex>
    </Box>
  );
}
