import { useMutation, useQuery } from '@tanstack/react-query';
import { GO_KART, GO_KART_PRODUCT_ID, formatEuros, headlinePriceText } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import { Link as RouterLink } from 'shared-kernel/router';
import type { SavedProduct } from 'shared-kernel/schemas';
import { Box, Button, Flex, Grid, Heading, Image, Link, notify, QueryView, Stack, Text } from 'shared-kernel/ui';
import { accountTexts } from '../../../messages/et';
import { savedProductsQueryOptions } from '../api/get-saved-products';
import { removeSavedProductMutationOptions } from '../api/remove-saved-product';

const t = accountTexts.savedProducts;

const whole = (euros: number) => formatEuros(euros * 100, { whole: true });

/** The day price as search cards show it (the go-kart track by its ride, as its own page does). */
function priceText(product: SavedProduct): string {
  if (product.id === GO_KART_PRODUCT_ID) return headlinePriceText({ cents: GO_KART.slotPriceCents, per: 'goKartRide' }, { whole: true });
  if (product.displayPrice === null) return t.priceMissing;
  return headlinePriceText({ cents: product.displayPrice * 100, per: 'day' }, { whole: true });
}

const TITLE_ID = 'saved-products-title';

/**
 * Where the keyboard goes when a card's own button is gone with it: the neighbouring card's button
 * (the next, else the previous), else the page's heading (the list is empty then). Left alone, the
 * focus fell to the page and a keyboard user started again above the side menu.
 */
function focusAfterRemoval(neighbour: Element | null) {
  const button = neighbour?.querySelector<HTMLElement>('[data-remove-saved]');
  (button ?? document.getElementById(TITLE_ID))?.focus();
}

/** `/auth/saved-products` (issue 32): what the user saved with a heart, newest first, on any device. */
export function SavedProductsPage() {
  const saved = useQuery(savedProductsQueryOptions());
  return (
    <Box w="100%" maxW="6xl">
      <Heading as="h1" size="2xl" mb={6} id={TITLE_ID} tabIndex={-1} outline="none">
        {t.title}
      </Heading>
      <QueryView query={saved}>
        {(products) =>
          products.length === 0 ? (
            <Stack gap={3} align="flex-start" data-testid="saved-products-empty">
              <Text>{t.empty}</Text>
              <Button asChild colorPalette="brand">
                <RouterLink to="/public/search-products">{t.findProducts}</RouterLink>
              </Button>
            </Stack>
          ) : (
            <Grid as="ul" templateColumns="repeat(auto-fill, minmax(240px, 1fr))" gap={4} listStyleType="none" m={0} p={0}>
              {products.map((product) => (
                <li key={product.id}>
                  <SavedProductCard product={product} />
                </li>
              ))}
            </Grid>
          )
        }
      </QueryView>
    </Box>
  );
}

function SavedProductCard({ product }: { product: SavedProduct }) {
  const remove = useMutation(removeSavedProductMutationOptions());
  const onRemove = (event: React.MouseEvent<HTMLElement>) => {
    // Read now: once the list is asked again this card is gone, and the callbacks of a gone card's
    // mutate() are not called, so the answer is awaited here instead.
    const item = event.currentTarget.closest('li');
    const neighbour = item?.nextElementSibling ?? item?.previousElementSibling ?? null;
    void remove.mutateAsync(product.id).then(
      () => {
        focusAfterRemoval(neighbour);
        notify({ type: 'success', message: t.removed });
      },
      () => notify({ type: 'error', message: t.removeFailed }),
    );
  };
  const picture = product.imageUrl ? (
    <Image
      src={product.imageUrl}
      alt={format(t.imageAlt, { product: product.title })}
      w="100%"
      aspectRatio={3 / 2}
      objectFit="cover"
      loading="lazy"
    />
  ) : (
    <Flex aspectRatio={3 / 2} bg="gray.100" align="center" justify="center">
      <Text color="gray.600">{t.noImage}</Text>
    </Flex>
  );
  return (
    <Stack
      as="article"
      borderWidth="1px"
      borderRadius="lg"
      overflow="hidden"
      bg="white"
      h="100%"
      gap={0}
      data-testid="saved-product"
      data-product-id={product.id}
    >
      <Box opacity={product.available ? 1 : 0.6}>{picture}</Box>
      <Stack p={3} gap={1} flex="1">
        {product.available ? (
          <Link asChild fontWeight="semibold" color="brand.fg">
            {/* Another slice's page: a router link lets single-spa switch slices without a reload. */}
            <RouterLink to={`/public/detail-view/${product.id}`}>{product.title}</RouterLink>
          </Link>
        ) : (
          <Text fontWeight="semibold">{product.title}</Text>
        )}
        {product.available ? (
          <Text color="brand.fg" fontWeight="bold" data-testid="saved-product-price">
            {priceText(product)}
          </Text>
        ) : (
          <Text color="gray.700" data-testid="saved-product-unavailable">
            {t.unavailable}
          </Text>
        )}
        {product.priceDropped && product.savedPrice !== null && product.displayPrice !== null ? (
          <Text color="green.700" fontWeight="semibold" data-testid="saved-product-drop">
            {format(t.priceDropped, { old: whole(product.savedPrice), new: whole(product.displayPrice) })}
          </Text>
        ) : null}
        <Box mt="auto" pt={2}>
          <Button
            size="sm"
            variant="outline"
            onClick={onRemove}
            data-remove-saved
            loading={remove.isPending}
            aria-label={format(t.removeLabel, { product: product.title })}
          >
            {t.remove}
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}
