import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'shared-kernel/router';
import { Box, Heading, Link, Loader, Stack, Text } from 'shared-kernel/ui';
import { messages } from 'shared-kernel/messages';
import { accountTexts } from '../../../messages/et';
import { latestProductsQueryOptions } from '../api/get-latest-products';

const t = accountTexts.profile;

/** The side list of the user's latest products, each to its owner view. */
export function LatestProducts({ userId }: { userId: number }) {
  const products = useQuery(latestProductsQueryOptions(userId));
  return (
    <Box as="aside" aria-label={t.products} borderWidth="1px" borderRadius="md" p={4} data-testid="latest-products">
      <Heading as="h2" size="md" mb={3}>
        {t.products}
      </Heading>
      {products.isPending ? (
        <Loader minH={16} />
      ) : products.isError ? (
        <Text color="red.600">{messages.common.loadFailed}</Text>
      ) : products.data.length === 0 ? (
        <Text color="gray.600">{t.noProducts}</Text>
      ) : (
        <Stack as="ul" gap={2} listStyleType="none" m={0} p={0}>
          {products.data.map((product) => (
            <li key={product.id}>
              <Link asChild color="brand.700">
                <RouterLink to={`/auth/detail-view/${product.id}`}>{product.name}</RouterLink>
              </Link>
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}
