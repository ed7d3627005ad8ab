import { Route, Routes } from 'react-router';
import { HomePage } from './features/home/components/home-page';
import { LoginPage } from './features/login/components/login-page';
import { SearchPage } from './features/search/components/search-page';

export function SliceRoutes() {
  return (
    <Routes>
      <Route path="/public" element={<HomePage />} />
      <Route path="/public/avaleht" element={<HomePage />} />
      <Route path="/public/login" element={<LoginPage />} />
      <Route path="/public/search-products" element={<SearchPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
