import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'shared-kernel/router';
import { Button, Flex, SimpleGrid, Text, QueryView } from 'shared-kernel/ui';
import { SlicePage } from 'shared-kernel/platform';
import { messages } from 'shared-kernel/messages';
import { ownerTexts } from '../../../messages/et';
import { myProductsQueryOptions } from '../../../api/get-my-products';
import { MY_PRODUCTS_TABS, type MyProductsTab } from '../../../components/product-tabs';
import { useRefreshSoon } from '../../../components/use-refresh-soon';
import { useSession } from 'shared-kernel/session';
import { OwnerProductCard } from './owner-product-card';
import { OwnerWidgetSection } from './owner-widget-section';
import { firstTabUnlessKnown, TabbedPage } from 'shared-kernel/overlays';

const t = ownerTexts.myProducts;

function ProductGrid({ tab }: { tab: MyProductsTab }) {
  const query = useQuery(myProductsQueryOptions(tab));
  const refreshSoon = useRefreshSoon();
  return (
    <QueryView query={query}>
      {(list) =>
        list.length === 0 ? (
          <Text py={4}>{messages.common.noProducts}</Text>
        ) : (
          <SimpleGrid as="ul" listStyleType="none" p={0} columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap={4}>
            {list.map((p) => (
              <OwnerProductCard key={p.id} product={p} onRestored={refreshSoon} />
            ))}
          </SimpleGrid>
        )
      }
    </QueryView>
  );
}

/** /auth/my-products: the owner's products by tab (`tabId`: all, reserved, available, inactive); a business owner's widget snippet. */
export function MyProductsPage() {
  const user = useSession((s) => s.user);
  return (
    <SlicePage title={ownerTexts.myProducts.title}>
      <Flex justify="flex-end" mb={2}>
        <Button asChild colorPalette="brand" size="sm">
          <RouterLink to="/auth/add-product">{t.giveForRent}</RouterLink>
        </Button>
      </Flex>
      {/* Spec: business customers can show their products on their own sites via a plugin. */}
      {user?.type === 'B2B' ? <OwnerWidgetSection ownerId={user.id} /> : null}
      <TabbedPage
        label={t.tabsLabel}
        resolve={firstTabUnlessKnown(MY_PRODUCTS_TABS)}
        tabs={MY_PRODUCTS_TABS.map((id) => ({ id, label: t.tabs[id], content: <ProductGrid tab={id} /> }))}
      />
    </SlicePage>
  );
}
