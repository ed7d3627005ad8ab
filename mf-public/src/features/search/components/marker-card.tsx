import { Box, CloseButton, Flex, Image, Link, Text } from 'shared-kernel/ui';
import { Link as RouterLink } from 'shared-kernel/router';
import { cardTitle } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import type { MapPoint } from '../../../components/map/map-types';
import { cardPriceText } from '../model/card-price';
import { periodParams, type SearchFilters } from '../model/search-filters';
import { periodPriceText } from '../model/period';
import { detailUrl } from '../../../components/detail-url';
import { searchTexts } from '../../../messages/search';
import { productTexts } from '../../../messages/product';
import { PaidLaterStar } from './paid-later-star';

/**
 * The card a clicked marker shows: title, image and price (the searched period's as the result card
 * says it, else daily or the go-kart ride), linking to the product, with the searched period when
 * there is one; a product paid on return has the card's star and its meaning.
 */
export function MarkerCard({
  point,
  onClose,
  period,
}: {
  point: MapPoint;
  onClose: () => void;
  period?: Pick<SearchFilters, 'from' | 'to'>;
}) {
  const t = searchTexts;
  const forPeriod =
    period && point.periodPrice != null ? periodPriceText(point.periodPrice, period.from, period.to, point.periodUnits) : null;
  return (
    <Box bg="white" borderRadius="md" boxShadow="lg" w="220px" overflow="hidden" data-testid="marker-card" position="relative">
      <CloseButton size="xs" position="absolute" top={1} right={1} bg="whiteAlpha.800" aria-label={t.markerCardClose} onClick={onClose} />
      {point.imageUrl ? (
        <Image src={point.imageUrl} alt={format(t.imageAlt, { name: point.title })} w="100%" h="110px" objectFit="cover" />
      ) : null}
      <Flex direction="column" p={2} gap={1}>
        <Link asChild fontWeight="semibold" colorPalette="brand">
          <RouterLink to={detailUrl(point.id, period && periodParams(period))} title={point.title}>
            {cardTitle(point.title)}
          </RouterLink>
        </Link>
        <Text fontSize="sm" fontWeight="bold">
          {forPeriod ?? cardPriceText(point.id, point.priceDaily)}
          {point.paidLater ? <PaidLaterStar /> : null}
        </Text>
        {/* The map has no page note beside it, so the card says what the star means. */}
        {point.paidLater ? (
          <Text fontSize="xs" color="gray.600" data-testid="marker-paid-later-note">
            {productTexts.paidLaterNote}
          </Text>
        ) : null}
      </Flex>
    </Box>
  );
}
