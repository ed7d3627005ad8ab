import { Route, Routes } from 'shared-kernel/router';
import { ProfilePage } from './features/profile/components/profile-page';
import { AccountPage } from './features/account/components/account-page';
import { VerifyIdentityPage } from './features/identity/components/verify-identity-page';
import { AdminLinks } from './features/admin/components/admin-links';
import { RemoteHealthPage } from './features/admin/components/remote-health-page';

export function SliceRoutes() {
  return (
    <Routes>
      <Route path="/auth/user-profile" element={<ProfilePage />} />
      <Route
        path="/auth/admin"
        element={
          <>
            <AdminLinks />
            <ProfilePage />
          </>
        }
      />
      <Route path="/auth/admin/remote-health" element={<RemoteHealthPage />} />
      <Route path="/auth/verify-identity" element={<VerifyIdentityPage />} />
      <Route path="/auth/account" element={<AccountPage />} />
      {/* while the shell switches slices this one may render once more at a foreign URL */}
      <Route path="*" element={null} />
    </Routes>
  );
}
