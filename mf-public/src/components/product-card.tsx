import { Box, Image, Span, Text } from 'shared-kernel/ui';
import { Link as RouterLink } from 'shared-kernel/router';
import { headlinePrice, headlinePriceText, tileTitle } from 'shared-kernel/domain';
import type { Product } from 'shared-kernel/schemas';
import { detailUrl } from './detail-url';
import { publicSiteTexts } from '../messages/public-site';

const t = publicSiteTexts;

/**
 * A public product tile (front-page slider, customer products): the title is cut at 17 characters
 * then '…' (spec section 9; the full name stays in the link's accessible name, read from a screen-reader-only
 * copy of it, and in the title's `title` attribute). The name comes from the link's content rather
 * than an aria-label, so what is seen is part of what is heard (WCAG 2.5.3, issue 25). Prices show two decimals, as a renter pays them (ADR 0012). A fixed size: the
 * image box keeps its 4:3 ratio before the image arrives, so nothing shifts.
 */
export function ProductCard({ product, width = '220px' }: { product: Product; width?: string }) {
  const cover = product.images[0];
  // What a renter pays (kernel headlinePrice): the day price, or the go-kart track's 20 € a ride.
  const headline = headlinePrice(product, 'renter');
  return (
    // position relative: the name's screen-reader copy (absolutely positioned) is held by the card;
    // otherwise a slider's scroller would not clip it and the front page scrolled sideways (issue 32).
    <Box
      asChild
      display="block"
      position="relative"
      flex="0 0 auto"
      w={width}
      borderWidth="1px"
      borderRadius="lg"
      overflow="hidden"
      bg="white"
      _hover={{ boxShadow: 'md' }}
    >
      <RouterLink to={detailUrl(product.id)} data-testid="slider-card">
        <Box aspectRatio={4 / 3} bg="gray.100" position="relative">
          {cover ? (
            <Image
              src={cover.url}
              // Decorative here: the link is named by the product's name just below.
              alt=""
              loading="lazy"
              decoding="async"
              width={435}
              height={326}
              w="100%"
              h="100%"
              objectFit="cover"
            />
          ) : (
            <Text p={4} color="gray.500">
              {t.noImage}
            </Text>
          )}
        </Box>
        <Box p={3}>
          <Span srOnly>{product.name}</Span>
          <Text fontWeight="semibold" lineClamp={1} data-testid="tile-title" title={product.name} aria-hidden>
            {tileTitle(product.name)}
          </Text>
          {headline ? (
            <Text color="gray.600" fontSize="sm" data-testid="tile-price">
              {headlinePriceText(headline)}
            </Text>
          ) : null}
        </Box>
      </RouterLink>
    </Box>
  );
}
