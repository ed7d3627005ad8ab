import { useEffect, useState } from 'react';
import { Box, Heading, Link, Text } from 'shared-kernel/ui';
import { Tabs } from 'shared-kernel/overlays';
import { Link as RouterLink, useNavigate, useSearchParams } from 'shared-kernel/router';
import { AUTH_HOME } from 'shared-kernel/platform';
import { useSession } from 'shared-kernel/session';
import { useSwipe } from '../hooks/use-swipe';
import type { RegisterOptions } from '../hooks/use-register';
import { BusinessForm } from './business-form';
import { PrivateForm } from './private-form';
import { registrationTexts } from '../../../messages/registration';

type Tab = 'private' | 'business';
const t = registrationTexts;

export function SignupPage(options: RegisterOptions) {
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'business' ? 'business' : 'private');
  const status = useSession((s) => s.status);
  const navigate = useNavigate();
  const swipe = useSwipe(
    () => setTab('business'),
    () => setTab('private'),
  );

  // Signed-in users have nothing to register (spec 2.5); a fresh registration goes there too.
  useEffect(() => {
    if (status === 'signedIn') void navigate(AUTH_HOME, { replace: true });
  }, [status, navigate]);

  return (
    <Box maxW="lg" mx="auto" my={{ base: 8, md: 12 }} px={4} w="100%">
      <Heading as="h1" size="2xl" mb={6}>
        {t.title}
      </Heading>
      <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value as Tab)} variant="enclosed" colorPalette="brand" fitted>
        <Tabs.List>
          <Tabs.Trigger value="private">{t.privateTab}</Tabs.Trigger>
          <Tabs.Trigger value="business">{t.businessTab}</Tabs.Trigger>
        </Tabs.List>
        {/* Swiping sideways anywhere on the form switches tabs on touch screens. */}
        <Box {...swipe} data-testid="signup-swipe-area" touchAction="pan-y">
          <Tabs.Content value="private">
            <PrivateForm {...options} />
          </Tabs.Content>
          <Tabs.Content value="business">
            <BusinessForm {...options} />
          </Tabs.Content>
        </Box>
      </Tabs.Root>
      <Text mt={6}>
        {t.haveAccount}{' '}
        <Link asChild color="brand.fg">
          <RouterLink to="/public/login">{t.signIn}</RouterLink>
        </Link>
      </Text>
    </Box>
  );
}
