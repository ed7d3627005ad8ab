import { Route, Routes } from 'react-router';
import { MyRentalsPage } from './features/my-rentals/components/my-rentals-page';
import { ContractsPage } from './features/contracts/components/contracts-page';

export function SliceRoutes() {
  return (
    <Routes>
      <Route path="/auth/my-rentals" element={<MyRentalsPage />} />
      <Route path="/auth/contracts" element={<ContractsPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
