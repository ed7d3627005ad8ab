import { useState, type ReactNode } from 'react';
import { Box, Flex, HStack, IconButton, Stack, Text, Link } from 'shared-kernel/ui';
import { Link as RouterLink } from 'shared-kernel/router';
import { messages, format } from 'shared-kernel/messages';
import type { NavEntry, NavGroup } from 'shared-kernel/platform';
import { Logo } from './logo';
import { AppLink } from './app-link';
import { HelpIcon, HomeIcon, LogoutIcon, SearchIcon } from './top-bar-icons';

/** Text on tablets and up; below 768 px the label gives way to an icon (the aria-label stays). */
function Labelled({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <>
      <Box as="span" display={{ base: 'inline-flex', md: 'none' }}>
        {icon}
      </Box>
      <Box as="span" display={{ base: 'none', md: 'inline' }} whiteSpace="nowrap">
        {text}
      </Box>
    </>
  );
}

export const DRAWER_WIDTH = 256;
const GROUPS: NavGroup[] = ['common', 'lessors', 'renters'];

function navLabel(key: string): string {
  const labels = messages.shell.nav as Record<string, string>;
  return labels[key] ?? key;
}

export function SideDrawer({ nav, onNavigate }: { nav: readonly NavEntry[]; onNavigate?: () => void }) {
  return (
    <Stack as="nav" aria-label={messages.shell.menu} gap={6} p={4} w={`${DRAWER_WIDTH}px`} data-testid="side-drawer">
      <Logo />
      {GROUPS.map((group) => {
        const entries = nav.filter((n) => n.group === group).sort((a, b) => a.order - b.order);
        return (
          <Stack key={group} gap={2} data-nav-group={group}>
            <Text fontSize="xs" textTransform="uppercase" color="gray.500" fontWeight="bold">
              {messages.shell.navGroups[group]}
            </Text>
            {entries.map((entry) => (
              <Link key={entry.to} asChild onClick={onNavigate}>
                <RouterLink to={entry.to}>{entry.label ?? navLabel(entry.labelKey ?? '')}</RouterLink>
              </Link>
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}

export function AuthTopBar({
  initials,
  onLogout,
  onToggleDrawer,
  widgets,
}: {
  initials: string;
  onLogout: () => void;
  onToggleDrawer: () => void;
  widgets?: ReactNode;
}) {
  return (
    <Flex as="header" h="64px" px={{ base: 2, md: 4 }} align="center" justify="space-between" borderBottomWidth="1px" bg="white" gap={3}>
      <HStack gap={{ base: 1, md: 3 }}>
        <IconButton
          aria-label={messages.shell.openDrawer}
          variant="ghost"
          display={{ base: 'inline-flex', lg: 'none' }}
          onClick={onToggleDrawer}
        >
          <span aria-hidden>☰</span>
        </IconButton>
        <AppLink to="/public" aria-label={messages.shell.home}>
          <Labelled icon={<HomeIcon />} text={messages.shell.home} />
        </AppLink>
      </HStack>
      <HStack gap={{ base: 2, md: 3 }}>
        {widgets}
        <AppLink to="/public/search-products" aria-label={messages.shell.productSearch}>
          <Labelled icon={<SearchIcon />} text={messages.shell.productSearch} />
        </AppLink>
        <AppLink to="/public/kkk" aria-label={messages.shell.help}>
          <Labelled icon={<HelpIcon />} text={messages.shell.help} />
        </AppLink>
        <Link asChild aria-label={`${messages.shell.profile} ${initials}`} data-testid="avatar" _hover={{ textDecoration: 'none' }}>
          <RouterLink to="/auth/user-profile">
            <Flex w="40px" h="40px" borderRadius="full" bg="brand.solid" color="white" align="center" justify="center" fontWeight="bold">
              {initials}
            </Flex>
          </RouterLink>
        </Link>
        <IconButton aria-label={messages.shell.logOut} variant="outline" size="sm" px={3} onClick={onLogout} data-testid="logout">
          <Labelled icon={<LogoutIcon />} text={messages.shell.logOut} />
        </IconButton>
      </HStack>
    </Flex>
  );
}

export function AuthLayout({
  nav,
  initials,
  onLogout,
  children,
  widgets,
}: {
  nav: readonly NavEntry[];
  initials: string;
  onLogout: () => void;
  children: ReactNode;
  widgets?: ReactNode;
}) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <Flex minH="100vh">
      <Box display={{ base: 'none', lg: 'block' }} borderRightWidth="1px" flexShrink={0}>
        <SideDrawer nav={nav} />
      </Box>
      {drawerOpen ? (
        <Box position="fixed" inset={0} zIndex={1300} display={{ lg: 'none' }} bg="blackAlpha.600" onClick={() => setDrawerOpen(false)}>
          <Box bg="white" h="100%" w={`${DRAWER_WIDTH}px`} onClick={(e) => e.stopPropagation()}>
            <SideDrawer nav={nav} onNavigate={() => setDrawerOpen(false)} />
          </Box>
        </Box>
      ) : null}
      <Flex direction="column" flex={1} minW={0}>
        <AuthTopBar initials={initials} onLogout={onLogout} onToggleDrawer={() => setDrawerOpen((v) => !v)} widgets={widgets} />
        <Flex as="main" flex={1} p={{ base: 3, md: 6 }}>
          {children}
        </Flex>
        <Box as="footer" borderTopWidth="1px" py={4} textAlign="center" color="gray.600" data-testid="auth-footer">
          {format(messages.shell.copyright, { year: new Date().getFullYear() })}
        </Box>
      </Flex>
    </Flex>
  );
}
