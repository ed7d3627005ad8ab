import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink } from 'shared-kernel/router';
import { Badge, Box, Button, Flex, Image, Stack, Text, notify } from 'shared-kernel/ui';
import { cardTitle, formatEuros, formatRentDays, GO_KART_PRODUCT_ID } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages';
import type { OwnerProduct } from 'shared-kernel/schemas';
import { ownerTexts } from '../../../messages/et';
import { restoreProductMutationOptions } from '../../../api/restore-product';
import { useCopyText } from '../../../components/use-copy-text';
import {
  editProductUrl,
  formatOwnerPrice,
  ownerDetailUrl,
  ownerHeadlineText,
  ownerPrice,
  productStatus,
  productStatusLabel,
  publicDetailUrl,
  STATUS_PALETTE,
} from '../../../components/product-status';
import { FailingCalendarsWarning } from '../../../components/calendar-sync/calendar-import-warning';

const t = ownerTexts.myProducts;
const TIERS = ['priceHour', 'priceDaily', 'weekendDay', 'threeDay', 'aweek', 'twoWeek', 'month'] as const;

function useCopyLink(url: string) {
  const { copied, copy } = useCopyText();
  return {
    copied,
    copy: async () => {
      if (!(await copy(url))) notify({ type: 'warning', message: format(t.copyFailed, { url }) });
    },
  };
}

function CardDetails({ product, id }: { product: OwnerProduct; id: string }) {
  // The go-kart track is sold by the ride at a fixed price (spec 9): its stored tiers are never charged.
  const tiers = product.id === GO_KART_PRODUCT_ID ? [] : TIERS.filter((tier) => product[tier] !== null);
  return (
    <Stack id={id} gap={3} pt={2} fontSize="sm" data-testid="product-details">
      <Box>
        <Text fontWeight="semibold">{t.priceList}</Text>
        {product.id === GO_KART_PRODUCT_ID ? <Text>{ownerHeadlineText(product, { withUnit: true })}</Text> : null}
        {tiers.map((tier) => (
          <Text key={tier}>
            {t.tiers[tier]}: {formatOwnerPrice(product[tier], product.allowVat)}
          </Text>
        ))}
      </Box>
      <Box>
        <Text fontWeight="semibold">{t.rentalTime}</Text>
        <Text>{format(t.rentDays, { days: formatRentDays(product.rentDays) })}</Text>
        <Text>{format(t.hours, { start: product.startTs, end: product.endTs })}</Text>
      </Box>
      <Box>
        <Text fontWeight="semibold">{t.services}</Text>
        {product.additionalServices.length === 0 ? <Text>{t.noServices}</Text> : null}
        {product.additionalServices.map((s) => (
          <Text key={s.id}>{format(t.serviceLine, { name: s.name, price: formatEuros(ownerPrice(s.cost, product.allowVat) ?? 0) })}</Text>
        ))}
      </Box>
      <Box>
        <Text fontWeight="semibold">{t.description}</Text>
        <Text whiteSpace="pre-wrap">{product.description}</Text>
      </Box>
    </Stack>
  );
}

/** One of the owner's products on /auth/my-products, with the owner's actions. */
export function OwnerProductCard({ product, onRestored }: { product: OwnerProduct; onRestored: () => void }) {
  const cover = product.images[0];
  const status = productStatus(product);
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const { copied, copy } = useCopyLink(`${origin}${publicDetailUrl(product.id)}`);
  const restore = useMutation(restoreProductMutationOptions());
  const headline = ownerHeadlineText(product, { withUnit: true });
  const doRestore = async () => {
    try {
      await restore.mutateAsync(product.id);
      notify({ type: 'success', message: t.restored });
      onRestored();
    } catch {
      notify({ type: 'warning', message: t.restoreFailed });
    }
  };

  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="lg"
      overflow="hidden"
      bg="white"
      data-testid="owner-product-card"
      aria-label={product.name}
    >
      <Box aspectRatio={4 / 3} bg="gray.100">
        {cover ? (
          <Image src={cover.url} alt={format(t.productImage, { name: product.name })} loading="lazy" w="100%" h="100%" objectFit="cover" />
        ) : (
          <Text p={4} color="gray.500">
            {t.noImage}
          </Text>
        )}
      </Box>
      <Stack p={3} gap={2}>
        <Text as="h2" fontWeight="semibold" title={product.name} data-testid="card-title">
          {cardTitle(product.name)}
        </Text>
        {headline ? (
          <Text color="gray.700" data-testid="card-price">
            {headline}
          </Text>
        ) : null}
        <Box>
          <Badge colorPalette={STATUS_PALETTE[status]} data-status={status}>
            {productStatusLabel(product)}
          </Badge>
        </Box>
        <FailingCalendarsWarning failing={product.failingCalendars} />
        <Flex gap={2} wrap="wrap">
          <Button asChild size="xs" colorPalette="brand">
            <RouterLink to={ownerDetailUrl(product.id)}>{t.open}</RouterLink>
          </Button>
          <Button asChild size="xs" variant="outline">
            <RouterLink to={editProductUrl(product.id)}>{t.edit}</RouterLink>
          </Button>
          <Button asChild size="xs" variant="outline">
            <RouterLink to={publicDetailUrl(product.id)}>{t.viewPublic}</RouterLink>
          </Button>
          <Button size="xs" variant="outline" onClick={() => void copy()}>
            {t.share}
          </Button>
          {!product.active ? (
            <Button size="xs" colorPalette="green" onClick={() => void doRestore()} loading={restore.isPending}>
              {t.restore}
            </Button>
          ) : null}
        </Flex>
        {copied ? (
          <Text role="status" color="green.600" fontSize="sm">
            {messages.common.copied}
          </Text>
        ) : null}
        <Button size="xs" variant="ghost" aria-expanded={expanded} aria-controls={detailsId} onClick={() => setExpanded((v) => !v)}>
          {t.details}
        </Button>
        {expanded ? <CardDetails product={product} id={detailsId} /> : null}
      </Stack>
    </Box>
  );
}
