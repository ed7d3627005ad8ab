import { lazy, Suspense } from 'react';
import { Route, Routes } from 'shared-kernel/router';
import { PageTitle } from 'shared-kernel/platform';
import { HomePage } from './features/home/components/home-page';
import { publicSiteRoutes } from './public-routes';
import { publicSiteTexts } from './messages/public-site';
import { slice } from './slice.config';

// Search and product pages (and OpenLayers behind them) load on demand, so the front page does not carry them.
const SearchPage = lazy(() => import('./features/search/components/search-page').then((m) => ({ default: m.SearchPage })));
const ProductPage = lazy(() => import('./features/product/components/product-page').then((m) => ({ default: m.ProductPage })));
// The login form (react-hook-form, zod) is a page of its own: statically here it rode on the front page's first paint (ADR 0023).
const LoginPage = lazy(() => import('./features/login/components/login-page').then((m) => ({ default: m.LoginPage })));

// Each route names its browser tab; the product page names it after the product once loaded.
const title = publicSiteTexts.pageTitles;

// The front page claims no title of its own: the tab keeps the site's name and slogan
// (messages.shell.defaultTitle), which its server-painted HTML carries too, so the title does not
// change when the page is taken over.
export function SliceRoutes() {
  return (
    <Routes>
      <Route path={slice.routes.home} element={<HomePage />} />
      <Route path={slice.routes.homeAlias} element={<HomePage />} />
      <Route
        path={slice.routes.login}
        element={
          <PageTitle title={title.login}>
            <Suspense fallback={null}>
              <LoginPage />
            </Suspense>
          </PageTitle>
        }
      />
      {publicSiteRoutes()}
      <Route
        path={slice.routes.search}
        element={
          <PageTitle title={title.search}>
            <Suspense fallback={null}>
              <SearchPage />
            </Suspense>
          </PageTitle>
        }
      />
      <Route
        path={slice.routes.productDetail}
        element={
          <PageTitle title={title.product}>
            <Suspense fallback={null}>
              <ProductPage />
            </Suspense>
          </PageTitle>
        }
      />
      <Route
        path={slice.routes.goKart}
        element={
          <PageTitle title={title.goKart}>
            <Suspense fallback={null}>
              <ProductPage />
            </Suspense>
          </PageTitle>
        }
      />
      <Route path="*" element={null} />
    </Routes>
  );
}
