import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { HomePage } from './features/home/components/home-page';
import { LoginPage } from './features/login/components/login-page';
import { publicSiteRoutes } from './features/public-routes/public-routes';

// Search and product pages (and OpenLayers behind them) load on demand, so the front page does not carry them.
const SearchPage = lazy(() => import('./features/search/components/search-page').then((m) => ({ default: m.SearchPage })));
const ProductPage = lazy(() => import('./features/product/components/product-page').then((m) => ({ default: m.ProductPage })));

export function SliceRoutes() {
  return (
    <Routes>
      <Route path="/public" element={<HomePage />} />
      <Route path="/public/avaleht" element={<HomePage />} />
      <Route path="/public/login" element={<LoginPage />} />
      {publicSiteRoutes()}
      <Route path="/public/search-products" element={<Suspense fallback={null}><SearchPage /></Suspense>} />
      <Route path="/public/detail-view/:id" element={<Suspense fallback={null}><ProductPage /></Suspense>} />
      <Route path="/public/raasilla" element={<Suspense fallback={null}><ProductPage /></Suspense>} />
      <Route path="*" element={null} />
    </Routes>
  );
}
