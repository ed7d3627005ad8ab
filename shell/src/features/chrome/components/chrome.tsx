import { useEffect, useState } from 'react';
import { Box, Flex, LoadingOverlay } from 'shared-kernel/ui';
import { PageSkeleton } from '../../../components/page-skeleton';
import { BrowserRouter, useLocation } from 'shared-kernel/router';
import { NoticeHost } from 'shared-kernel/ui';
import { useSession, deriveSession, signOut } from 'shared-kernel/session';
import { navigate, RemoteWidget, type NavEntry } from 'shared-kernel/platform';
import { shellWidgets } from '../../../shell-contracts';
import { chromeFor } from '../../../model/resolve-redirect';
import { PublicHeader } from './public-header';
import { PublicFooter } from './public-footer';
import { CookieDialog } from './cookie-dialog';
import { AuthLayout } from './auth-layout';
import { OutletHost } from './outlet-host';
import { FollowAddressBar } from './follow-address-bar';
import { OUTLET_MIN_HEIGHT } from '../model/layout';

export interface ChromeProps {
  outlet: HTMLElement;
  nav: readonly NavEntry[];
}

function ChromeForLocation({ outlet, nav }: ChromeProps) {
  const location = useLocation();
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const kind = chromeFor(location.pathname);

  if (kind === 'auth') {
    if (status !== 'signedIn' || !user) {
      return (
        <>
          {/* The skeleton from the first frame while the session is asked (issue 25), the spinner after the delay. */}
          <LoadingOverlay loading minH="60vh" p={{ base: 3, md: 6 }}>
            <PageSkeleton />
          </LoadingOverlay>
          <Box display="none">
            <OutletHost node={outlet} />
          </Box>
        </>
      );
    }
    const { initials } = deriveSession(user);
    return (
      <AuthLayout
        nav={nav}
        initials={initials}
        // The unread badges belong to mf-messaging; without it the top bar simply has none.
        widgets={<RemoteWidget contract={shellWidgets.unreadBadges} unavailable={null} quiet />}
        onLogout={async () => {
          await signOut();
          navigate('/public');
        }}
      >
        <OutletHost node={outlet} />
      </AuthLayout>
    );
  }
  return (
    <Flex direction="column" minH="100vh">
      <PublicHeader signedIn={status === 'signedIn'} />
      <Flex as="main" flex={1} direction="column" minH={OUTLET_MIN_HEIGHT}>
        <OutletHost node={outlet} />
      </Flex>
      <PublicFooter />
      <CookieDialog pathname={location.pathname} />
    </Flex>
  );
}

export function Chrome(props: ChromeProps) {
  const [ready, setReady] = useState(false);
  // Deliberately a second render: the toaster portal mounts after the chrome's first commit, so
  // the first paint carries only the page.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setReady(true), []);
  return (
    <BrowserRouter>
      <ChromeForLocation {...props} />
      <FollowAddressBar />
      {ready ? <NoticeHost /> : null}
    </BrowserRouter>
  );
}
