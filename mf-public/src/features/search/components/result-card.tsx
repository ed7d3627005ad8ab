import { memo } from 'react';
import { Badge, Box, Flex, IconButton, Image, LinkBox, LinkOverlay, Stack, Text } from 'shared-kernel/ui';
import { Link as RouterLink } from 'shared-kernel/router';
import { cardTitle } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import { cardPriceText } from '../model/card-price';
import { periodParams, type SearchFilters } from '../model/search-filters';
import { periodPriceText } from '../model/period';
import { detailUrl } from '../../../components/detail-url';
import type { SearchResultItem } from 'shared-kernel/schemas';
import { searchTexts } from '../../../messages/search';
import { PaidLaterStar } from './paid-later-star';
import { SaveProductButton } from '../../../components/save-product/save-product-button';

export interface ResultCardProps {
  item: SearchResultItem;
  onShare?: (item: SearchResultItem) => void;
  /** The searched period: the card shows its price and links to the product page with it. */
  period?: Pick<SearchFilters, 'from' | 'to'>;
}

// Memoised: the search page re-renders on every query change; a card's own props rarely change.
export const ResultCard = memo(function ResultCard({ item, onShare, period }: ResultCardProps) {
  const t = searchTexts;
  const forPeriod =
    period && item.periodPrice !== null ? periodPriceText(item.periodPrice, period.from, period.to, item.periodUnits) : null;
  return (
    <LinkBox
      as="article"
      borderWidth="1px"
      borderRadius="lg"
      overflow="hidden"
      bg="white"
      _hover={{ boxShadow: 'md' }}
      data-testid="result-card"
      data-product-id={item.id}
    >
      {item.imageUrl ? (
        <Image
          src={item.imageUrl}
          alt={format(t.imageAlt, { name: item.title })}
          w="100%"
          aspectRatio={3 / 2}
          objectFit="cover"
          loading="lazy"
        />
      ) : (
        <Flex aspectRatio={3 / 2} bg="gray.100" align="center" justify="center">
          <Text color="gray.500">{t.noImage}</Text>
        </Flex>
      )}
      <Stack p={3} gap={1}>
        <LinkOverlay asChild>
          <RouterLink to={detailUrl(item.id, period && periodParams(period))} title={item.title}>
            <Text fontWeight="semibold" data-testid="result-title" title={item.title}>
              {cardTitle(item.title)}
            </Text>
          </RouterLink>
        </LinkOverlay>
        <Flex justify="space-between" align="center" gap={2}>
          <Text
            color="brand.fg"
            fontWeight="bold"
            data-testid="result-price"
            data-price={item.displayPrice ?? ''}
            data-period-price={forPeriod ? item.periodPrice : undefined}
          >
            {forPeriod ?? cardPriceText(item.id, item.displayPrice)}
            {item.paidLater ? <PaidLaterStar /> : null}
          </Text>
          {item.distanceInKm !== null ? (
            <Badge variant="subtle" data-testid="result-distance">
              {format(t.kmAway, { km: item.distanceInKm.toLocaleString('et-EE', { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}
            </Badge>
          ) : null}
        </Flex>
        {item.locationDescription ? (
          <Text fontSize="sm" color="gray.600">
            {item.locationDescription}
          </Text>
        ) : null}
        {onShare ? (
          <Box position="relative" zIndex={1} alignSelf="flex-end">
            <IconButton size="xs" variant="ghost" aria-label={t.share} onClick={() => onShare(item)}>
              <ShareIcon />
            </IconButton>
          </Box>
        ) : null}
      </Stack>
      {/* Above the card's link overlay, so the heart is its own button (issue 32). */}
      <Box position="absolute" top={2} right={2} zIndex={1} bg="white" borderRadius="full">
        <SaveProductButton productId={item.id} productName={item.title} />
      </Box>
    </LinkBox>
  );
});

export function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="currentColor">
      <path d="M18 16a3 3 0 0 0-2.4 1.2l-6.7-3.4a3 3 0 0 0 0-1.6l6.7-3.4A3 3 0 1 0 15 7l-6.7 3.4a3 3 0 1 0 0 3.2L15 17a3 3 0 1 0 3-1z" />
    </svg>
  );
}
