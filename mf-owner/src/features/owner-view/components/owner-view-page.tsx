import { useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useParams } from 'shared-kernel/router';
import { Badge, Box, Button, Flex, Heading, IconButton, Image, Stack, Text, notify, QueryView } from 'shared-kernel/ui';
import { SlicePage } from 'shared-kernel/platform';
import {
  chipLabel,
  formatEuros,
  formatRentDays,
  productImageSrcSet,
  reservationStatusLabel,
  technicalFieldsFor,
} from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import { formatTallinnShort } from 'shared-kernel/time';
import { useSession } from 'shared-kernel/session';
import type { OwnerProduct } from 'shared-kernel/schemas';
import { ownerTexts } from '../../../messages/et';
import { myProductsQueryOptions } from '../../../api/get-my-products';
import { restoreProductMutationOptions } from '../../../api/restore-product';
import { RemoveProductDialog } from '../../../components/remove-product-dialog';
import {
  editProductUrl,
  ownerPrice,
  productStatus,
  productStatusLabel,
  publicDetailUrl,
  STATUS_PALETTE,
} from '../../../components/product-status';
import { useRefreshSoon } from '../../../components/use-refresh-soon';
import { commentsQueryOptions } from '../api/get-comments';
import { CalendarSyncDialog } from '../../../components/calendar-sync/calendar-sync-dialog';
import { CalendarImportWarning } from '../../../components/calendar-sync/calendar-import-warning';
import { CalendarDialog } from './calendar-dialog';

const t = ownerTexts.ownerView;

function Gallery({ product }: { product: OwnerProduct }) {
  const [index, setIndex] = useState(0);
  const count = product.images.length;
  if (count === 0) return null;
  const current = product.images[Math.min(index, count - 1)];
  const step = (by: number) => setIndex((i) => (i + by + count) % count);
  return (
    <Box as="section" aria-label={t.gallery} position="relative" bg="gray.100" borderRadius="md" overflow="hidden">
      {/* Shown up to 480 px high: a 3:2 cover is ~720 px wide here, so the cover's larger rendition (issue 25). */}
      <Image
        src={current.url}
        srcSet={productImageSrcSet(current)}
        sizes="(min-width: 1024px) 720px, 100vw"
        alt={format(t.imageOf, { n: index + 1, count, name: product.name })}
        w="100%"
        maxH="480px"
        objectFit="contain"
      />
      {count > 1 ? (
        <Flex position="absolute" inset={0} justify="space-between" align="center" px={2} pointerEvents="none">
          <IconButton aria-label={t.previous} size="sm" pointerEvents="auto" onClick={() => step(-1)}>
            ‹
          </IconButton>
          <IconButton aria-label={t.next} size="sm" pointerEvents="auto" onClick={() => step(1)}>
            ›
          </IconButton>
        </Flex>
      ) : null}
    </Box>
  );
}

/** The category's technical fields that have a value, as 'Label: value unit', cut at 30 characters. */
export function attributeChips(product: Pick<OwnerProduct, 'categoryId' | 'parentCategoryId' | 'technical'>): string[] {
  const technical = ownerTexts.technical;
  return technicalFieldsFor(product.categoryId, product.parentCategoryId).flatMap((spec) => {
    const value = product.technical[spec.key];
    if (value === null || value === undefined || value === '') return [];
    const shown =
      typeof value === 'boolean' ? (value ? t.yes : t.no) : 'unit' in spec && spec.unit ? `${value} ${spec.unit}` : String(value);
    return [format(t.chip, { label: technical[spec.key], value: shown })];
  });
}

function Questions({ productId }: { productId: number }) {
  const viewer = useSession((s) => s.user?.id ?? null);
  const query = useQuery(commentsQueryOptions(productId, viewer));
  return (
    <Box as="section" aria-label={t.questions}>
      <Heading as="h2" size="md" mb={2}>
        {t.questions}
      </Heading>
      <QueryView query={query}>
        {(list) =>
          list.length === 0 ? (
            <Text>{t.noQuestions}</Text>
          ) : (
            <Stack as="ul" gap={2} listStyleType="none" p={0}>
              {list.map((q) => (
                <Box as="li" key={q.id} borderWidth="1px" borderRadius="md" p={2}>
                  <Text fontWeight="semibold">{q.author}</Text>
                  <Text whiteSpace="pre-wrap">{q.comment}</Text>
                  {q.children.length > 0 ? (
                    q.children.map((a) => (
                      <Text key={a.id} pl={4} color="gray.700" whiteSpace="pre-wrap">
                        {format(t.answer, { text: a.comment })}
                      </Text>
                    ))
                  ) : (
                    <Text pl={4} color="gray.500" fontSize="sm">
                      {t.unanswered}
                    </Text>
                  )}
                </Box>
              ))}
            </Stack>
          )
        }
      </QueryView>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h2" size="md" mb={2}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function OwnerView({ product }: { product: OwnerProduct }) {
  const [dialog, setDialog] = useState<'calendar' | 'remove' | 'sync' | null>(null);
  const refreshSoon = useRefreshSoon();
  const restore = useMutation(restoreProductMutationOptions());
  const status = productStatus(product);
  const chips = attributeChips(product);

  const doRestore = async () => {
    try {
      await restore.mutateAsync(product.id);
      notify({ type: 'success', message: t.restored });
      refreshSoon();
    } catch {
      notify({ type: 'warning', message: t.restoreFailed });
    }
  };

  return (
    <Stack gap={5}>
      <Flex gap={2} wrap="wrap" align="center">
        <Heading as="h2" size="lg" flex="1">
          {product.name}
        </Heading>
        <Badge colorPalette={STATUS_PALETTE[status]} data-status={status}>
          {productStatusLabel(product)}
        </Badge>
      </Flex>
      <Flex gap={2} wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => setDialog('calendar')}>
          {t.calendar}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDialog('sync')}>
          {ownerTexts.calendarSync.open}
        </Button>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={editProductUrl(product.id)}>{t.edit}</RouterLink>
        </Button>
        {product.active ? (
          <Button size="sm" colorPalette="red" variant="outline" onClick={() => setDialog('remove')}>
            {t.remove}
          </Button>
        ) : (
          <Button size="sm" colorPalette="green" onClick={() => void doRestore()} loading={restore.isPending}>
            {t.restore}
          </Button>
        )}
      </Flex>
      <CalendarImportWarning productId={product.id} />
      <Gallery product={product} />
      {chips.length > 0 ? (
        <Flex as="ul" aria-label={t.attributes} gap={2} wrap="wrap" listStyleType="none" p={0}>
          {chips.map((chip) => (
            <Badge as="li" key={chip} title={chip} size="lg" variant="subtle">
              {chipLabel(chip)}
            </Badge>
          ))}
        </Flex>
      ) : null}
      <Text color="gray.600">
        {t.category}: {product.categoryName}
      </Text>
      <Section title={t.description}>
        <Text whiteSpace="pre-wrap">{product.description}</Text>
      </Section>
      <Section title={t.services}>
        {product.additionalServices.length === 0 ? <Text>{ownerTexts.myProducts.noServices}</Text> : null}
        <Stack as="ul" gap={1} listStyleType="none" p={0}>
          {product.additionalServices.map((s) => (
            <Text as="li" key={s.id}>
              {format(ownerTexts.myProducts.serviceLine, { name: s.name, price: formatEuros(ownerPrice(s.cost, product.allowVat) ?? 0) })}
              {s.additionalInfo ? ` (${s.additionalInfo})` : ''}
            </Text>
          ))}
        </Stack>
      </Section>
      <Section title={t.rentable}>
        <Text>{format(t.rentDays, { days: formatRentDays(product.rentDays) })}</Text>
        <Text>{format(t.hours, { start: product.startTs, end: product.endTs })}</Text>
        {product.vacationDays.length > 0 ? (
          <Text>{format(t.vacationDays, { days: product.vacationDays.map((d) => d.split('-').reverse().join('.')).join(', ') })}</Text>
        ) : null}
      </Section>
      <Section title={t.reservations}>
        {product.ownerReservations.length === 0 ? <Text>{t.noReservations}</Text> : null}
        <Stack as="ul" gap={1} listStyleType="none" p={0}>
          {product.ownerReservations.map((r) => (
            <Text as="li" key={r.id}>
              {format(t.reservationLine, { start: formatTallinnShort(r.startTs), end: formatTallinnShort(r.endTs) })} ·{' '}
              {reservationStatusLabel(r.status)}
              {r.renterName ? ` · ${r.renterName}` : ''}
            </Text>
          ))}
        </Stack>
      </Section>
      <Questions productId={product.id} />
      <CalendarDialog product={product} open={dialog === 'calendar'} onClose={() => setDialog(null)} />
      <CalendarSyncDialog product={product} open={dialog === 'sync'} onClose={() => setDialog(null)} />
      <RemoveProductDialog product={product} open={dialog === 'remove'} onClose={() => setDialog(null)} onRemoved={refreshSoon} />
    </Stack>
  );
}

/**
 * /auth/detail-view/:id, the owner's view of one product. The product is looked up among the
 * caller's own products: one that is not theirs goes to the public product page.
 */
export function OwnerViewPage() {
  const { id } = useParams();
  const productId = Number(id);
  const query = useQuery(myProductsQueryOptions('all'));
  if (!Number.isInteger(productId) || productId <= 0) return <Navigate to="/auth/my-products" replace />;
  return (
    <SlicePage title={t.title}>
      <QueryView query={query}>
        {(list) => {
          const product = list.find((p) => p.id === productId);
          return product ? <OwnerView product={product} /> : <Navigate to={publicDetailUrl(productId)} replace />;
        }}
      </QueryView>
    </SlicePage>
  );
}
