import { useQuery } from '@tanstack/react-query';
import { Grid, LoadingOverlay, Text } from 'shared-kernel/ui';
import { useParams } from 'shared-kernel/router';
import { isApiError } from 'shared-kernel/api';
import { format, messages } from 'shared-kernel/messages';
import { usePageTitle } from 'shared-kernel/platform';
import type { CustomerProduct } from 'shared-kernel/schemas';
import { ProductCard } from '../../../components/product-card';
import { TextPage } from '../../../components/text-page';
import { customerProductsQueryOptions } from '../api/get-customer-products';
import { publicSiteTexts } from '../../../messages/public-site';

type State = { status: 'loading' } | { status: 'done'; products: CustomerProduct[] } | { status: 'error'; message: string };

/** All products of one user; the customer id is the third path segment (spec 2.1). */
export function CustomerProductsPage() {
  const { id } = useParams();
  const customerId = Number(id);
  const valid = Number.isInteger(customerId) && customerId > 0;
  // No request for an id that cannot be one.
  const products = useQuery({ ...customerProductsQueryOptions(valid ? customerId : 0), enabled: valid });

  const shown: State = !valid
    ? { status: 'error', message: publicSiteTexts.customerProductsNotFound }
    : products.isPending
      ? { status: 'loading' }
      : products.isError
        ? {
            status: 'error',
            message:
              isApiError(products.error) && products.error.status === 404
                ? publicSiteTexts.customerProductsNotFound
                : messages.common.loadFailed,
          }
        : { status: 'done', products: products.data };
  // Every product of the list names the same owner, as the public sees them.
  const ownerName = shown.status === 'done' ? (shown.products[0]?.ownerName ?? null) : null;
  const heading = ownerName ? format(publicSiteTexts.customerProductsOf, { name: ownerName }) : publicSiteTexts.customerProductsTitle;
  usePageTitle(ownerName ? heading : null);
  return (
    <TextPage title={heading} testId="customer-products-page">
      <LoadingOverlay loading={shown.status === 'loading'} minH="120px">
        {shown.status === 'error' ? (
          <Text role="alert" color="red.600">
            {shown.message}
          </Text>
        ) : null}
        {shown.status === 'done' && shown.products.length === 0 ? <Text>{publicSiteTexts.customerProductsEmpty}</Text> : null}
        {shown.status === 'done' && shown.products.length > 0 ? (
          <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }} gap={4} data-testid="customer-products">
            {shown.products.map((p) => (
              <ProductCard key={p.id} product={p} width="100%" />
            ))}
          </Grid>
        ) : null}
      </LoadingOverlay>
    </TextPage>
  );
}
