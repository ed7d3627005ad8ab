import { BookingSuccessView } from '../../../components/booking-success/booking-success-view';
import { bookingTexts } from '../../../messages/et';

/** `/public/rent-success?name=..&hash=..(&payment_result=..)`: the return after a booking, paid or not. */
export function RentSuccessPage() {
  return (
    <BookingSuccessView
      title={bookingTexts.rentSuccess.title}
      productPath={(reservation) => (reservation ? `/public/detail-view/${reservation.product.id}` : '/public')}
      testId="rent-success"
    />
  );
}
