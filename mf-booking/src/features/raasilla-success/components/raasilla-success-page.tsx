import { BookingSuccessView } from '../../../components/booking-success/booking-success-view';
import { bookingTexts } from '../../../messages/et';

/** `/public/raasilla-success?name=..&hash=..(&payment_result=..)`: the return after a go-kart booking. */
export function RaasillaSuccessPage() {
  return (
    <BookingSuccessView title={bookingTexts.bookingSuccess.goKartTitle} productPath={() => '/public/raasilla'} testId="raasilla-success" />
  );
}
