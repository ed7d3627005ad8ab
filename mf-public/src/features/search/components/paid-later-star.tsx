import { productTexts } from '../../../messages/product';

/**
 * The star after a price for a product paid on return (spec section 3), the same on a result card
 * and a map marker's card; the pointer shows what it means, the page's note says it in words.
 */
export function PaidLaterStar() {
  return (
    <span title={productTexts.paidLaterNote} data-testid="paid-later-star">
      {' *'}
    </span>
  );
}
