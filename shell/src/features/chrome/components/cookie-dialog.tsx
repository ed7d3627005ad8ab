import { useState } from 'react';
import { Box, Button, Flex, Heading, Text } from 'shared-kernel/ui';
import { messages } from 'shared-kernel/messages';
import { AppLink } from './app-link';

export const COOKIE_CONSENT_KEY = 'rendime.cookiesAccepted';

function accepted(): boolean {
  try {
    return window.localStorage.getItem(COOKIE_CONSENT_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Shown on every public page until accepted, except on the terms page the dialog links to. */
export function CookieDialog({ pathname }: { pathname: string }) {
  const [isAccepted, setAccepted] = useState(accepted);
  if (isAccepted || pathname === '/public/usage') return null;
  return (
    <Box
      role="dialog"
      aria-labelledby="cookie-title"
      aria-modal="false"
      position="fixed"
      bottom={4}
      left={4}
      right={4}
      zIndex={1400}
      bg="white"
      borderWidth="1px"
      borderRadius="lg"
      boxShadow="lg"
      p={5}
      maxW="2xl"
      mx="auto"
    >
      <Heading id="cookie-title" as="h2" size="md" mb={2}>
        {messages.shell.cookieTitle}
      </Heading>
      <Text mb={4}>{messages.shell.cookieText}</Text>
      <Flex gap={4} align="center" justify="flex-end">
        <AppLink to="/public/usage">{messages.shell.cookieReadMore}</AppLink>
        <Button
          colorPalette="brand"
          onClick={() => {
            try {
              window.localStorage.setItem(COOKIE_CONSENT_KEY, 'true');
            } catch {
              // storage blocked: the choice lasts for this page only
            }
            setAccepted(true);
          }}
        >
          {messages.shell.cookieAccept}
        </Button>
      </Flex>
    </Box>
  );
}
