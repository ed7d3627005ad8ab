import { Route, Routes } from 'shared-kernel/router';
import { ProfilePage } from './features/profile/components/profile-page';
import { AccountPage } from './features/account/components/account-page';
import { VerifyIdentityPage } from './features/identity/components/verify-identity-page';
import { AdminLinks } from './features/admin/components/admin-links';
import { RemoteHealthPage } from './features/admin/components/remote-health-page';
import { AdminUsersPage } from './features/admin/components/admin-users-page';
import { PayoutsPage } from './features/admin/components/payouts-page';
import { DisputesPage } from './features/admin/components/disputes-page';
import { SavedProductsPage } from './features/saved-products/components/saved-products-page';
import { slice } from './slice.config';

export function SliceRoutes() {
  return (
    <Routes>
      <Route path={slice.routes.profile} element={<ProfilePage />} />
      <Route
        path={slice.routes.admin}
        element={
          <>
            <AdminLinks />
            <ProfilePage />
          </>
        }
      />
      <Route path={slice.routes.remoteHealth} element={<RemoteHealthPage />} />
      <Route path={slice.routes.adminUsers} element={<AdminUsersPage />} />
      <Route path={slice.routes.adminPayouts} element={<PayoutsPage />} />
      <Route path={slice.routes.adminDisputes} element={<DisputesPage />} />
      <Route path={slice.routes.verifyIdentity} element={<VerifyIdentityPage />} />
      <Route path={slice.routes.account} element={<AccountPage />} />
      <Route path={slice.routes.savedProducts} element={<SavedProductsPage />} />
      {/* while the shell switches slices this one may render once more at a foreign URL */}
      <Route path="*" element={null} />
    </Routes>
  );
}
