import { Route, Routes } from 'shared-kernel/router';
import { AddProductPage } from './features/add-product/components/add-product-page';
import { EditProductPage } from './features/edit-product/components/edit-product-page';
import { MyProductsPage } from './features/my-products/components/my-products-page';
import { OwnerViewPage } from './features/owner-view/components/owner-view-page';
import { TimeManagementPage } from './features/time-management/components/time-management-page';
import { slice } from './slice.config';

export function SliceRoutes() {
  return (
    <Routes>
      <Route path={slice.routes.myProducts} element={<MyProductsPage />} />
      <Route path={slice.routes.ownerView} element={<OwnerViewPage />} />
      <Route path={slice.routes.timeManagement} element={<TimeManagementPage />} />
      <Route path={slice.routes.addProduct} element={<AddProductPage />} />
      <Route path={slice.routes.editProduct} element={<EditProductPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
