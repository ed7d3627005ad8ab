import { Route, Routes } from 'react-router';
import { MyProductsPage } from './features/my-products/components/my-products-page';

export function SliceRoutes() {
  return (
    <Routes>
      <Route path="/auth/my-products" element={<MyProductsPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
