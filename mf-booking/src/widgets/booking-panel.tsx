import type { ProductDetails } from 'shared-kernel/schemas';
import { BookingPanel } from '../features/booking-panel/components/booking-panel';

export interface BookingPanelWidgetProps {
  productId: number;
  /** The product page's own copy of the product, so the panel asks for nothing more. */
  product: ProductDetails;
}

/**
 * Exposed as `mf-booking/booking-panel`: the booking section of mf-public's product page. It is
 * rendered inside the page's router, so 'Rentima' navigates without a page load.
 */
export function Widget({ productId, product }: BookingPanelWidgetProps) {
  return <BookingPanel productId={productId} product={product} />;
}
