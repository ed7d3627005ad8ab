import { useState } from 'react';
import { Box, Button, Flex, Heading, Text } from 'shared-kernel/ui';
import { messages } from 'shared-kernel/messages';
import { AppLink } from './app-link';

export const COOKIE_CONSENT_KEY = 'rendime.cookiesAccepted';
/**
 * The answer as a cookie too: the shell's server leaves the notice out of the HTML of a page it
 * paints without JS (the snapshot's chrome, ADR 0024) for a visitor who has answered, and puts it
 * in for one who has not, so a first visitor sees it in the first paint (issue 28: it was the
 * search page's largest element, painted only after every script had run).
 */
export const COOKIE_CONSENT_COOKIE = 'rendime_consent';

const hasConsentCookie = () => document.cookie.split(/;\s*/).includes(`${COOKIE_CONSENT_COOKIE}=1`);

function rememberInCookie(): void {
  if (hasConsentCookie()) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE_CONSENT_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

function accepted(): boolean {
  let stored = false;
  try {
    stored = window.localStorage.getItem(COOKIE_CONSENT_KEY) === 'true';
  } catch {
    // storage blocked: the cookie alone remembers the answer
  }
  // Answered before the cookie existed: the server learns it from the next page on.
  if (stored) rememberInCookie();
  return stored || hasConsentCookie();
}

/** Shown on every public page until accepted, except on the terms page the dialog links to. */
export function CookieDialog({ pathname }: { pathname: string }) {
  const [isAccepted, setAccepted] = useState(accepted);
  if (isAccepted || pathname === '/public/usage') return null;
  return (
    <Box
      // The shell's server finds the notice in the snapshot by this (infra/scripts/lib/servers.mjs).
      data-cookie-notice=""
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
              // storage blocked: the choice lasts for this page only (and the cookie's life)
            }
            rememberInCookie();
            setAccepted(true);
          }}
        >
          {messages.shell.cookieAccept}
        </Button>
      </Flex>
    </Box>
  );
}
