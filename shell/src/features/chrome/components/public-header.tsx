import { useState } from 'react';
import { Box, Button, Flex, HStack, IconButton, Stack } from 'shared-kernel/ui';
import { Link as RouterLink } from 'shared-kernel/router';
import { messages } from 'shared-kernel/messages';
import { AppLink } from './app-link';
import { Logo } from './logo';
import { PUBLIC_HEADER_HEIGHT } from '../model/layout';

export function PublicHeader({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const links = (
    <>
      <AppLink to="/public/search-products">{messages.shell.products}</AppLink>
      <AppLink to="/public/search-products" data-testid="header-search">
        {messages.shell.search}
      </AppLink>
      {signedIn ? (
        <Button asChild colorPalette="brand" size="sm">
          <RouterLink to="/auth/user-profile">{messages.shell.toDashboard}</RouterLink>
        </Button>
      ) : (
        <>
          <Button asChild variant="outline" colorPalette="brand" size="sm">
            <RouterLink to="/public/signup">{messages.shell.join}</RouterLink>
          </Button>
          <Button asChild colorPalette="brand" size="sm">
            <RouterLink to="/public/login">{messages.shell.signIn}</RouterLink>
          </Button>
        </>
      )}
    </>
  );
  return (
    <Box as="header" borderBottomWidth="1px" bg="white" position="sticky" top={0} zIndex={10}>
      <Flex maxW="1800px" mx="auto" px={4} h={PUBLIC_HEADER_HEIGHT} align="center" justify="space-between" gap={4}>
        <Logo />
        <HStack gap={6} display={{ base: 'none', md: 'flex' }} as="nav" aria-label={messages.shell.menu}>
          {links}
        </HStack>
        <HStack display={{ base: 'flex', md: 'none' }}>
          <AppLink to="/public/search-products">{messages.shell.search}</AppLink>
          <IconButton aria-label={messages.shell.menu} variant="ghost" onClick={() => setOpen((v) => !v)}>
            <span aria-hidden>☰</span>
          </IconButton>
        </HStack>
      </Flex>
      {open ? (
        <Stack
          display={{ base: 'flex', md: 'none' }}
          px={4}
          pb={4}
          gap={3}
          as="nav"
          aria-label={messages.shell.menu}
          onClick={() => setOpen(false)}
        >
          {links}
        </Stack>
      ) : null}
    </Box>
  );
}
