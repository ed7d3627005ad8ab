import { Box, Image, Text } from 'shared-kernel/ui';
import { Link as RouterLink } from 'shared-kernel/router';
import { headlinePrice, headlinePriceText, tileTitle } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import type { Product } from 'shared-kernel/schemas';
import { detailUrl } from './detail-url';
import { publicSiteTexts } from '../messages/public-site';

const t = publicSiteTexts;

/**
 * A public product tile (front-page slider, customer products): the title is cut at 17 characters
 * then '…' (spec section 9; the full name stays in the link's accessible name and in the title's
 * `title` attribute). Prices show two decimals, as a renter pays them (ADR 0012). A fixed size: the
 * image box keeps its 4:3 ratio before the image arrives, so nothing shifts.
 */
export function ProductCard({ product, width = '220px' }: { product: Product; width?: string }) {
  const cover = product.images[0];
  // What a renter pays (kernel headlinePrice): the day price, or the go-kart track's 20 € a ride.
  const headline = headlinePrice(product, 'renter');
  return (
    <Box asChild display="block" flex="0 0 auto" w={width} borderWidth="1px" borderRadius="lg" overflow="hidden" bg="white" _hover={{ boxShadow: 'md' }}>
      <RouterLink to={detailUrl(product.id)} data-testid="slider-card" aria-label={product.name}>
        <Box aspectRatio={4 / 3} bg="gray.100" position="relative">
          {cover ? (
            <Image
              src={cover.url}
              alt={format(t.productImage, { name: product.name })}
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
          <Text fontWeight="semibold" lineClamp={1} data-testid="tile-title" title={product.name}>
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
