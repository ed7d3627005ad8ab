import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SlicePage } from 'shared-kernel/platform';
import { ownerTexts } from '../../../messages/et';
import { myProductsQueryOptions } from '../../../api/get-my-products';
import { MY_PRODUCTS_TABS, type MyProductsTab } from '../../../components/product-tabs';
import { ProductsTable } from './products-table';
import { Box, Button, QueryView } from 'shared-kernel/ui';
import { CalendarSyncDialog } from '../../../components/calendar-sync/calendar-sync-dialog';
import { firstTabUnlessKnown, TabbedPage } from 'shared-kernel/overlays';

const t = ownerTexts.timeManagement;

function TabTable({ tab }: { tab: MyProductsTab }) {
  const query = useQuery(myProductsQueryOptions(tab));
  return <QueryView query={query}>{(list) => <ProductsTable products={list} readAt={query.dataUpdatedAt} />}</QueryView>;
}

/** /auth/time-management: the owner's products as a table, tabs as on my products (`tabId`). */
export function TimeManagementPage() {
  const [calendarOpen, setCalendarOpen] = useState(false);
  return (
    <SlicePage title={t.title}>
      {/* Issue 32: one private calendar of all the owner's bookings. */}
      <Box mb={3}>
        <Button size="sm" variant="outline" onClick={() => setCalendarOpen(true)}>
          {ownerTexts.calendarSync.allOpen}
        </Button>
      </Box>
      <CalendarSyncDialog product={null} open={calendarOpen} onClose={() => setCalendarOpen(false)} />
      <TabbedPage
        label={t.tabsLabel}
        resolve={firstTabUnlessKnown(MY_PRODUCTS_TABS)}
        tabs={MY_PRODUCTS_TABS.map((id) => ({ id, label: ownerTexts.myProducts.tabs[id], content: <TabTable tab={id} /> }))}
      />
    </SlicePage>
  );
}
