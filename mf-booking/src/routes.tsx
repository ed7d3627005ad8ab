import { Route, Routes } from 'shared-kernel/router';
import { MyRentalsPage } from './features/my-rentals/components/my-rentals-page';
import { ContractsPage } from './features/contracts/components/contracts-page';
import { RentProductPage } from './features/rent-product/components/rent-product-page';
import { RentSuccessPage } from './features/rent-success/components/rent-success-page';
import { RaasillaSuccessPage } from './features/raasilla-success/components/raasilla-success-page';
import { RequestPage } from './features/request/components/request-page';
import { ReservationsPage } from './features/reservations/components/reservations-page';
import { CancelPage } from './features/cancel-page/components/cancel-page';
import { slice } from './slice.config';

export function SliceRoutes() {
  return (
    <Routes>
      <Route path={slice.routes.myRentals} element={<MyRentalsPage />} />
      <Route path={slice.routes.contracts} element={<ContractsPage />} />
      <Route path={slice.routes.rentProduct} element={<RentProductPage />} />
      <Route path={slice.routes.rentSuccess} element={<RentSuccessPage />} />
      <Route path={slice.routes.goKartSuccess} element={<RaasillaSuccessPage />} />
      <Route path={slice.routes.rentCompleted} element={<RequestPage />} />
      <Route path={slice.routes.reservations} element={<ReservationsPage />} />
      <Route path={slice.routes.reservationCancel} element={<CancelPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
