import { GO_KART_PRODUCT_ID } from 'shared-kernel/domain';
import type { widgets, WidgetComponent } from 'shared-kernel/platform';
import { BookingPanel } from '../features/booking-panel/components/booking-panel';
import { GokartPanel } from '../features/gokart/components/gokart-panel';
import { InstantBookPanel } from '../features/instant-book/components/instant-book-panel';

/**
 * Exposed as `mf-booking/booking-panel`: the booking section of mf-public's product page, in the
 * spec's three variants (2.7): the go-kart track, pay-and-rent for automatically approved products,
 * and the calendar with 'Rentima' for the rest. It is rendered inside the page's router, so
 * 'Rentima' navigates without a page load.
 */
export const Widget: WidgetComponent<typeof widgets.bookingPanel> = ({ productId, product }) => {
  if (productId === GO_KART_PRODUCT_ID) return <GokartPanel product={product} />;
  if (product.automaticallyApproved) return <InstantBookPanel product={product} />;
  return <BookingPanel productId={productId} product={product} />;
};
