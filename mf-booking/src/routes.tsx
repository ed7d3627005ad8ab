import { Route, Routes } from 'react-router';
import { MyRentalsPage } from './features/my-rentals/components/my-rentals-page';
import { ContractsPage } from './features/contracts/components/contracts-page';
import { RentProductPage } from './features/rent-product/components/rent-product-page';
import { RentSuccessPage } from './features/rent-success/components/rent-success-page';

export function SliceRoutes() {
  return (
    <Routes>
      <Route path="/auth/my-rentals" element={<MyRentalsPage />} />
      <Route path="/auth/contracts" element={<ContractsPage />} />
      <Route path="/auth/rent-product/:id" element={<RentProductPage />} />
      <Route path="/public/rent-success" element={<RentSuccessPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
