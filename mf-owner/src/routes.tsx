import { Route, Routes } from 'shared-kernel/router';
import { AddProductPage } from './features/add-product/components/add-product-page';
import { EditProductPage } from './features/edit-product/components/edit-product-page';
import { MyProductsPage } from './features/my-products/components/my-products-page';
import { OwnerViewPage } from './features/owner-view/components/owner-view-page';
import { TimeManagementPage } from './features/time-management/components/time-management-page';

export function SliceRoutes() {
  return (
    <Routes>
      <Route path="/auth/my-products" element={<MyProductsPage />} />
      <Route path="/auth/detail-view/:id" element={<OwnerViewPage />} />
      <Route path="/auth/time-management" element={<TimeManagementPage />} />
      <Route path="/auth/add-product" element={<AddProductPage />} />
      <Route path="/auth/edit-product/:id" element={<EditProductPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
