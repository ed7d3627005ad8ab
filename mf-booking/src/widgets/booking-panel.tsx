import { lazy, Suspense } from 'react';
import { GO_KART_PRODUCT_ID } from 'shared-kernel/domain';
import type { widgets, WidgetComponent } from 'shared-kernel/platform';
import { BookingPanel } from '../features/booking-panel/components/booking-panel';
import { PanelFallback } from '../components/panel-fallback';

// One product is the go-kart track: its panel (slot grid, riders) loads on its own page only,
// not with every product page's booking panel (issue 28).
const GokartPanel = lazy(() => import('../features/gokart/components/gokart-panel').then((m) => ({ default: m.GokartPanel })));
// Pay-and-rent's panel checks its form (name, phone) with zod from its first render; the calendar
// panel of the other products takes zod only with its first check, so neither carries the other's
// code, and a desktop product page's first load needs no zod (issue 28).
const InstantBookPanel = lazy(() =>
  import('../features/instant-book/components/instant-book-panel').then((m) => ({ default: m.InstantBookPanel })),
);

/**
 * Exposed as `mf-booking/booking-panel`: the booking section of mf-public's product page, in the
 * spec's three variants (2.7): the go-kart track, pay-and-rent for automatically approved products,
 * and the calendar with 'Rentima' for the rest. It is rendered inside the page's router, so
 * 'Rentima' navigates without a page load.
 */
export const Widget: WidgetComponent<typeof widgets.bookingPanel> = ({ productId, product }) => {
  if (productId === GO_KART_PRODUCT_ID)
    return (
      <Suspense fallback={<PanelFallback />}>
        <GokartPanel product={product} />
      </Suspense>
    );
  if (product.automaticallyApproved)
    return (
      <Suspense fallback={<PanelFallback />}>
        <InstantBookPanel product={product} />
      </Suspense>
    );
  return <BookingPanel productId={productId} product={product} />;
};
