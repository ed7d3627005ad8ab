import { Route, Routes } from 'shared-kernel/router';
import { MyRentalsPage } from './features/my-rentals/components/my-rentals-page';
import { ContractsPage } from './features/contracts/components/contracts-page';
import { RentProductPage } from './features/rent-product/components/rent-product-page';
import { RentSuccessPage } from './features/rent-success/components/rent-success-page';
import { RaasillaSuccessPage } from './features/raasilla-success/components/raasilla-success-page';
import { RequestPage } from './features/request/components/request-page';
import { ReservationsPage } from './features/reservations/components/reservations-page';
import { CancelPage } from './features/cancel-page/components/cancel-page';

export function SliceRoutes() {
  return (
    <Routes>
      <Route path="/auth/my-rentals" element={<MyRentalsPage />} />
      <Route path="/auth/contracts" element={<ContractsPage />} />
      <Route path="/auth/rent-product/:id" element={<RentProductPage />} />
      <Route path="/public/rent-success" element={<RentSuccessPage />} />
      <Route path="/public/raasilla-success" element={<RaasillaSuccessPage />} />
      <Route path="/auth/rent-completed" element={<RequestPage />} />
      <Route path="/auth/reservations" element={<ReservationsPage />} />
      <Route path="/public/reservation-cancel/:hash/:name" element={<CancelPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
