import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import {
  Badge,
  Box,
  type BoxProps,
  Breadcrumb,
  Button,
  Flex,
  Grid,
  Heading,
  Link,
  LoadingOverlay,
  Stack,
  Table,
  Text,
} from 'shared-kernel/ui';
import { Navigate, Link as RouterLink, useLocation, useParams } from 'shared-kernel/router';
import { isApiError } from 'shared-kernel/api';
import {
  feedbackAuthor,
  formatEuros,
  formatRentDays,
  GO_KART_PRODUCT_ID,
  headlinePriceText,
  toCents,
  catalogServiceCents,
} from 'shared-kernel/domain';
import { format, messages, SUPPORT_EMAIL } from 'shared-kernel/messages';
import { getPlatformHost, loginUrlFor, RemoteWidget, usePageTitle, widgets } from 'shared-kernel/platform';
import type { Feedback, ProductDetails } from 'shared-kernel/schemas';
import { useSession } from 'shared-kernel/session';
import { LazyMap } from '../../../components/map/lazy-map';
import { SaveProductButton } from '../../../components/save-product/save-product-button';
import { mapTileUrl } from '../../../components/map/map-config';
import { feedbackQueryOptions } from '../api/get-feedback';
import { productDetailsQueryOptions } from '../api/get-product-details';
import {
  approximateLatitude,
  galleryImages,
  priceRows,
  productStatus,
  showsMemberButtons,
  type PriceRow,
  type PriceRowKey,
} from '../model/product-view';
import { Gallery } from './gallery';
import { QuestionsSection } from './questions-section';
import { Stars } from './stars';
import { WhenNearView } from './when-near-view';
import { productTexts } from '../../../messages/product';
import { productIdOf } from '../model/product-id';
import { ProductUnavailable } from '../../../components/product-unavailable';
import { publicSiteTexts } from '../../../messages/public-site';

// Dialogs (shared-kernel/overlays) load when first opened, off the page's first paint (ADR 0023).
const ShareDialog = lazy(() => import('../../../components/share-dialog').then((m) => ({ default: m.ShareDialog })));

// The dialogs' forms (react-hook-form, zod) load when a dialog first opens, not with the page (ADR 0023).
const ComplaintDialog = lazy(() => import('./complaint-dialog').then((m) => ({ default: m.ComplaintDialog })));
const FeedbackDialog = lazy(() => import('./feedback-dialog').then((m) => ({ default: m.FeedbackDialog })));

const PRICE_LABEL: Record<PriceRowKey, string> = {
  priceHour: productTexts.priceHour,
  priceDaily: productTexts.priceDay,
  threeDay: productTexts.priceThreeDay,
  aweek: productTexts.priceWeek,
  twoWeek: productTexts.priceTwoWeek,
  month: productTexts.priceMonth,
  weekendDay: productTexts.priceWeekend,
  goKartSlot: productTexts.priceGoKartSlot,
};

/** A price row's text: the go-kart's is per slot and rider, the others plain amounts. */
function priceText(row: PriceRow): string {
  return row.key === 'goKartSlot'
    ? headlinePriceText({ cents: row.priceCents, per: 'goKartRide' })
    : format(productTexts.priceValue, { price: formatEuros(row.priceCents) });
}

/** The product id: path segment 2, or the fixed go-kart id on /public/raasilla. */
export function useProductId(): number | null {
  const { id } = useParams();
  const { pathname } = useLocation();
  if (pathname.startsWith('/public/raasilla')) return GO_KART_PRODUCT_ID;
  return productIdOf(id);
}

/**
 * Room the booking section keeps for its panel (mf-booking's widget, in the spec's three variants
 * of 2.7) from the server's markup on, so the page below stays put when the panel comes: the
 * panels' heights as drawn at 412 and 1280 px wide (the go-kart track's with its day's slots).
 * A panel that turns out taller still grows the section; the calendar's is the loading box's own.
 */
function bookingRoom(product: Pick<ProductDetails, 'id' | 'automaticallyApproved'>) {
  if (product.id === GO_KART_PRODUCT_ID) return { base: '90rem', lg: '70rem' };
  if (product.automaticallyApproved) return { base: '46rem', lg: '41rem' };
  return '24rem';
}

type Load =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error' }
  | { status: 'removed' }
  | { status: 'ready'; product: ProductDetails };

const NO_FEEDBACK: Feedback[] = [];

/**
 * The product of the URL's id. Answers are cached per id, so an answer for an id the user has
 * already left can never replace the page of the one they are on.
 */
function useProduct(id: number | null): Load {
  // id 0 is never asked for: the query is off without an id.
  const details = useQuery({ ...productDetailsQueryOptions(id ?? 0), enabled: id !== null });
  if (id === null) return { status: 'missing' };
  if (details.isPending) return { status: 'loading' };
  if (details.isError) return { status: isApiError(details.error) && details.error.status === 404 ? 'missing' : 'error' };
  // Removed from rent (inactive, with or without a reason) reads as the deleted view: it cannot be rented.
  if (productStatus(details.data) === 410) return { status: 'removed' };
  return { status: 'ready', product: details.data };
}

export function ProductPage() {
  const t = productTexts;
  const id = useProductId();
  const location = useLocation();
  const user = useSession((s) => s.user);
  const load = useProduct(id);
  // Reviews failing to load show as none; the rest of the page stands. Asked beside the product,
  // not for one known to be missing or removed (the server's 404 and 410 pages embed only that).
  const feedback =
    useQuery({ ...feedbackQueryOptions(id ?? 0), enabled: id !== null && load.status !== 'missing' && load.status !== 'removed' }).data ??
    NO_FEEDBACK;
  const [dialog, setDialog] = useState<'share' | 'feedback' | 'complaint' | null>(null);
  const [writing, setWriting] = useState(false);

  const product = load.status === 'ready' ? load.product : null;
  const approxPoint = useMemo(
    () =>
      product && product.lat !== null && product.lon !== null
        ? { id: product.id, title: product.name, imageUrl: null, priceDaily: null, lat: approximateLatitude(product.lat), lon: product.lon }
        : null,
    [product],
  );
  const tileUrl = useMemo(() => mapTileUrl(), []);
  // The booking panel's room is kept only where the panel will come: on the server (a browser
  // with the platform takes over) and in a browser whose release has the widget. Without it the
  // section shows its short "unavailable" text, with no empty room under it.
  const host = getPlatformHost();
  const bookingPanelComes =
    host === null ? typeof window === 'undefined' : host.hasWidget(widgets.bookingPanel.remote, widgets.bookingPanel.widget);
  // The server's <title> for the same page (render-product.tsx), so the takeover keeps it.
  usePageTitle(
    load.status === 'missing' ? t.notFoundTitle : load.status === 'removed' ? publicSiteTexts.pageTitles.deleted : product?.name,
  );

  // A product deleted or taken off rent redirects to the deleted view (the spec). The server's 410
  // page, which cannot redirect and still answer 410, shows that view's markup in its place.
  if (load.status === 'removed')
    return typeof window === 'undefined' ? <ProductUnavailable prerender /> : <Navigate to="/public/deleted" replace />;
  // Both returns start with the same LoadingOverlay, so React keeps it across the switch to the
  // loaded page and the overlay can finish its minimum time over the content.
  if (load.status !== 'ready' || !product) {
    return (
      <LoadingOverlay loading={load.status === 'loading'} minH="50vh">
        {load.status === 'loading' ? null : (
          // data-prerender: the server's 404 page (ADR 0041) gives way to this one when it renders.
          <Box maxW="1800px" mx="auto" px={4} py={10} data-prerender="">
            <Text role="alert">{load.status === 'missing' ? t.notFound : messages.common.loadFailed}</Text>
          </Box>
        )}
      </LoadingOverlay>
    );
  }

  const signedIn = user !== null;
  const memberButtons = showsMemberButtons(signedIn, product.id);
  const isOwner = user?.id === product.userId;
  const rows = priceRows(product);
  const ratingCount = feedback.length;
  const average = product.rating ?? (ratingCount ? feedback.reduce((s, f) => s + f.rating, 0) / ratingCount : null);

  return (
    <LoadingOverlay loading={false}>
      {/* data-prerender: the server-rendered page (ADR 0041) gives way to this one when it renders. */}
      <Box
        maxW="1800px"
        mx="auto"
        w="100%"
        px={{ base: 3, md: 6 }}
        py={6}
        data-testid="product-page"
        data-product-id={product.id}
        data-prerender=""
      >
        <Breadcrumb.Root mb={4} aria-label={t.breadcrumbLabel}>
          <Breadcrumb.List>
            <Breadcrumb.Item>
              <Breadcrumb.Link asChild>
                <RouterLink to="/public">{t.breadcrumbHome}</RouterLink>
              </Breadcrumb.Link>
            </Breadcrumb.Item>
            <Breadcrumb.Separator />
            <Breadcrumb.Item>
              <Breadcrumb.Link asChild>
                <RouterLink to="/public/search-products">{t.breadcrumbSearch}</RouterLink>
              </Breadcrumb.Link>
            </Breadcrumb.Item>
            <Breadcrumb.Separator />
            <Breadcrumb.Item>
              {/* Another slice's page, still a router link: pushState lets single-spa switch slices without reloading the page. */}
              <Breadcrumb.Link asChild>
                <RouterLink to="/auth/my-rentals">{t.breadcrumbMyRentals}</RouterLink>
              </Breadcrumb.Link>
            </Breadcrumb.Item>
          </Breadcrumb.List>
        </Breadcrumb.Root>

        <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap={8} alignItems="start">
          <Stack gap={6} minW={0}>
            <Gallery images={galleryImages(product)} name={product.name} />
            <Box>
              <Heading as="h1" size="2xl" data-testid="product-name">
                {product.name}
              </Heading>
              <Text color="gray.600" mt={1} data-testid="product-category">
                {product.categoryLabel}
              </Text>
              <Box mt={3}>
                <SaveProductButton productId={product.id} productName={product.name} withLabel />
              </Box>
              {memberButtons ? (
                <Flex gap={2} mt={3} wrap="wrap">
                  <Button size="sm" variant="outline" onClick={() => setDialog('share')}>
                    {t.share}
                  </Button>
                  <Button size="sm" variant="outline" asChild>
                    <RouterLink to={`/public/search-products?cat=${product.categoryId}`}>{t.searchButton}</RouterLink>
                  </Button>
                  {isOwner ? (
                    <Button size="sm" variant="outline" onClick={() => setDialog('complaint')}>
                      {t.complaintButton}
                    </Button>
                  ) : (
                    <>
                      <Button size="sm" variant="outline" onClick={() => setDialog('feedback')}>
                        {t.feedbackButton}
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setWriting(true)}>
                        {t.writeToOwner}
                      </Button>
                    </>
                  )}
                </Flex>
              ) : null}
              {writing ? (
                // mf-messaging owns the dialog; until it loads (or if it cannot) the page says so.
                <RemoteWidget
                  contract={widgets.messageDialog}
                  props={{
                    open: writing,
                    onClose: () => setWriting(false),
                    toUserId: product.userId,
                    toName: product.owner.name,
                    productId: product.id,
                  }}
                  unavailable={
                    <Text role="status" color="gray.600" mt={2}>
                      {t.messagingUnavailable}
                    </Text>
                  }
                />
              ) : null}
            </Box>
            <ProductSection id="description" title={t.description}>
              <Text whiteSpace="pre-wrap" data-testid="product-description">
                {product.description}
              </Text>
              <Text mt={2} fontSize="sm" color="gray.600">
                {t.availability}: {formatRentDays(product.rentDays)} · {format(t.hours, { start: product.startTs, end: product.endTs })}
              </Text>
              <Text mt={1} fontSize="sm" color="gray.600">
                {t.ownerLabel}: {product.owner.name}
              </Text>
            </ProductSection>

            <ProductSection id="services" title={t.servicesTitle} data-testid="services">
              {product.additionalServices.length === 0 ? (
                <Text color="gray.600">{t.noServices}</Text>
              ) : (
                <Stack gap={1}>
                  {product.additionalServices.map((s) => (
                    <Flex key={s.id} justify="space-between" gap={3}>
                      <Box>
                        <Text>{s.name}</Text>
                        {s.additionalInfo ? (
                          <Text fontSize="sm" color="gray.600">
                            {s.additionalInfo}
                          </Text>
                        ) : null}
                      </Box>
                      <Text fontWeight="semibold">
                        {format(t.serviceCost, { price: formatEuros(catalogServiceCents(toCents(s.cost), product.allowVat)) })}
                      </Text>
                    </Flex>
                  ))}
                </Stack>
              )}
            </ProductSection>

            <ProductSection id="rating" title={t.ratingTitle} data-testid="rating">
              {average !== null ? (
                <Flex align="center" gap={2} mb={3}>
                  <Stars rating={average} />
                  <Text>{format(t.ratingValue, { rating: (Math.round(average * 2) / 2).toLocaleString('et-EE') })}</Text>
                  <Text color="gray.600">{format(t.ratingCount, { count: ratingCount })}</Text>
                </Flex>
              ) : (
                <Text color="gray.600" mb={2}>
                  {t.noRating}
                </Text>
              )}
              {feedback.length === 0 ? (
                <Text color="gray.600">{t.noFeedback}</Text>
              ) : (
                <Stack gap={2}>
                  {feedback.map((f) => (
                    <Box key={f.id} borderWidth="1px" borderRadius="md" p={3} data-testid="feedback-item">
                      <Flex gap={2} align="center">
                        <Text fontWeight="semibold" data-testid="feedback-author">
                          {feedbackAuthor(f.author)}
                        </Text>
                        <Stars rating={f.rating} size="14px" />
                      </Flex>
                      {f.comment ? <Text mt={1}>{f.comment}</Text> : null}
                    </Box>
                  ))}
                </Stack>
              )}
            </ProductSection>

            <QuestionsSection productId={product.id} ownerId={product.userId} userId={user?.id ?? null} />
          </Stack>

          <Stack gap={6} minW={0}>
            <ProductSection id="prices" title={t.pricesTitle} borderWidth="1px" borderRadius="lg" p={4} data-testid="prices">
              <Table.Root size="sm">
                <Table.Body>
                  {rows.map((r) => (
                    <Table.Row key={r.key}>
                      <Table.Cell>{PRICE_LABEL[r.key]}</Table.Cell>
                      <Table.Cell textAlign="end" fontWeight="semibold" data-testid={`price-${r.key}`}>
                        {priceText(r)}
                        {product.paidLater ? ' *' : ''}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
              <Text mt={2} fontSize="sm" color="gray.600" data-testid="vat-note">
                {product.allowVat ? t.pricesIncludeVat : t.pricesNoVat}
              </Text>
              {product.paidLater ? (
                <Text fontSize="sm" color="gray.600">
                  {t.paidLaterNote}
                </Text>
              ) : null}
              <Flex mt={3} justify="space-between" data-testid="deposit">
                <Text>{t.deposit}</Text>
                <Badge size="lg">
                  {product.cost > 0 ? format(t.depositValue, { price: formatEuros(toCents(product.cost)) }) : t.noDeposit}
                </Badge>
              </Flex>
            </ProductSection>

            <ProductSection id="booking" title={t.bookingTitle} data-testid="booking">
              <Box minH={bookingPanelComes ? bookingRoom(product) : undefined}>
                <WhenNearView minH="24rem">
                  <RemoteWidget
                    contract={widgets.bookingPanel}
                    props={{ productId: product.id, product }}
                    // The panel is about this tall on a desktop: the location map below it stays put, and
                    // below the fold, so OpenLayers is not fetched for a visitor who never scrolls there.
                    loadingMinH="24rem"
                    unavailable={
                      <Box borderWidth="1px" borderRadius="lg" p={4} bg="gray.50" data-testid="booking-unavailable">
                        <Text>{signedIn ? t.bookingSoonSignedIn : t.bookingSoon}</Text>
                        <Flex gap={4} mt={2}>
                          {signedIn ? null : (
                            <Link asChild colorPalette="brand">
                              <RouterLink to={loginUrlFor(location.pathname + location.search)}>{t.bookingSignIn}</RouterLink>
                            </Link>
                          )}
                          <Link asChild colorPalette="brand">
                            <RouterLink to="/public/contact-us">{t.bookingContact}</RouterLink>
                          </Link>
                          <Link href={`mailto:${SUPPORT_EMAIL}`} colorPalette="brand">
                            {SUPPORT_EMAIL}
                          </Link>
                        </Flex>
                      </Box>
                    }
                  />
                </WhenNearView>
              </Box>
            </ProductSection>

            <ProductSection id="location" title={t.locationTitle} data-testid="location">
              {product.locationDescription ? <Text mb={2}>{product.locationDescription}</Text> : null}
              {approxPoint ? (
                <LazyMap
                  whenNearView
                  points={[approxPoint]}
                  center={[approxPoint.lat, approxPoint.lon]}
                  zoom={11}
                  clusterDistance={0}
                  approximate
                  height="280px"
                  label={t.mapLabel}
                  tileUrl={tileUrl}
                />
              ) : null}
              <Text mt={2} fontSize="sm" color="gray.600">
                {t.locationApprox}
              </Text>
            </ProductSection>
          </Stack>
        </Grid>

        <Suspense fallback={null}>
          {dialog === 'share' ? <ShareDialog productId={product.id} title={product.name} open onClose={() => setDialog(null)} /> : null}
          {user && dialog === 'feedback' ? (
            <FeedbackDialog open productId={product.id} userId={user.id} onClose={() => setDialog(null)} />
          ) : null}
          {user && dialog === 'complaint' ? (
            <ComplaintDialog open productId={product.id} userId={user.id} onClose={() => setDialog(null)} />
          ) : null}
        </Suspense>
      </Box>
    </LoadingOverlay>
  );
}

/** A titled section of the product page; the heading names it for assistive technology. */
function ProductSection({
  id,
  title,
  children,
  ...box
}: { id: string; title: string; children: ReactNode } & Omit<BoxProps, 'id' | 'title' | 'children'>) {
  return (
    <Box as="section" aria-labelledby={`${id}-title`} {...box}>
      <Heading as="h2" size="lg" mb={2} id={`${id}-title`}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}
