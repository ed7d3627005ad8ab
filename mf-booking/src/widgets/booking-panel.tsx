import { GO_KART_PRODUCT_ID } from 'shared-kernel/domain';
import type { ProductDetails } from 'shared-kernel/schemas';
import { BookingPanel } from '../features/booking-panel/components/booking-panel';
import { GokartPanel } from '../features/gokart/components/gokart-panel';
import { InstantBookPanel } from '../features/instant-book/components/instant-book-panel';

export interface BookingPanelWidgetProps {
  productId: number;
  /** The product page's own copy of the product, so the panel asks for nothing more. */
  product: ProductDetails;
}

/**
 * Exposed as `mf-booking/booking-panel`: the booking section of mf-public's product page, in the
 * spec's three variants (2.7): the go-kart track, pay-and-rent for automatically approved products,
 * and the calendar with 'Rentima' for the rest. It is rendered inside the page's router, so
 * 'Rentima' navigates without a page load.
 */
export function Widget({ productId, product }: BookingPanelWidgetProps) {
  if (productId === GO_KART_PRODUCT_ID) return <GokartPanel product={product} />;
  if (product.automaticallyApproved) return <InstantBookPanel product={product} />;
  return <BookingPanel productId={productId} product={product} />;
}
