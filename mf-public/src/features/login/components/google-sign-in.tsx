import { useEffect, useRef, useState } from 'react';
import { Box, Button, Flex, Stack, Text } from 'shared-kernel/ui';
import { Form, FormField, useZodForm } from 'shared-kernel/forms';
import { googleClientId, sandboxGoogleCredential, SANDBOX_GOOGLE_CLIENT_ID } from '../model/google-credential';
import { SandboxGoogleForm, type SandboxGoogleValues } from '../model/login-form';
import { publicSiteTexts } from '../../../messages/public-site';

const t = publicSiteTexts;
const GSI_SRC = 'https://accounts.google.com/gsi/client';

interface GoogleAccounts {
  accounts: {
    id: {
      initialize(o: { client_id: string; callback: (r: { credential?: string }) => void }): void;
      renderButton(el: HTMLElement, o: Record<string, unknown>): void;
    };
  };
}

/** The real Google button; its script loads only when the user is on the sign-in page. */
function GoogleButton({ clientId, onCredential, onError }: { clientId: string; onCredential: (c: string) => void; onError: () => void }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const render = () => {
      const google = (window as unknown as { google?: GoogleAccounts }).google;
      if (!google || !host.current) return onError();
      google.accounts.id.initialize({ client_id: clientId, callback: (r) => (r.credential ? onCredential(r.credential) : onError()) });
      google.accounts.id.renderButton(host.current, { theme: 'outline', size: 'large', locale: 'et' });
    };
    if ((window as unknown as { google?: unknown }).google) return render();
    const script = document.createElement('script');
    script.src = GSI_SRC;
    script.async = true;
    script.onload = render;
    script.onerror = onError;
    document.head.appendChild(script);
  }, [clientId, onCredential, onError]);
  return <div ref={host} />;
}

/**
 * The sandbox stand-in for Google's account chooser: the user types the Google account's e-mail
 * and the page builds the unsigned token the sandbox verifier accepts.
 */
function SandboxGoogle({ onCredential, busy }: { onCredential: (c: string) => void; busy: boolean }) {
  const [open, setOpen] = useState(false);
  const form = useZodForm(SandboxGoogleForm, { defaultValues: { email: '' } });
  if (!open) {
    return (
      <Button variant="outline" w="100%" onClick={() => setOpen(true)} data-testid="google-sign-in">
        <span aria-hidden>G</span> {t.googleButton}
      </Button>
    );
  }
  return (
    <Box role="group" borderWidth="1px" borderRadius="md" p={3} aria-label={t.googleSandboxTitle}>
      <Form form={form} onSubmit={({ email }) => onCredential(sandboxGoogleCredential(email))}>
        <Stack gap={2}>
          <Text fontSize="sm" color="gray.600">
            {t.googleSandboxTitle}
          </Text>
          <Flex gap={2} align="flex-start">
            <FormField<SandboxGoogleValues> name="email" label={t.googleSandboxEmail} type="email" autoComplete="email" required />
            <Button type="submit" colorPalette="brand" loading={busy} mt={6}>
              {t.googleSandboxContinue}
            </Button>
          </Flex>
        </Stack>
      </Form>
    </Box>
  );
}

export function GoogleSignIn({
  onCredential,
  onError,
  busy,
}: {
  onCredential: (credential: string) => void;
  onError: () => void;
  busy: boolean;
}) {
  const clientId = googleClientId();
  if (clientId !== SANDBOX_GOOGLE_CLIENT_ID) return <GoogleButton clientId={clientId} onCredential={onCredential} onError={onError} />;
  // __SANDBOX__ is a build constant: false in a production build, which then drops the sandbox
  // form (the API outside the sandbox refuses its unsigned tokens anyway) and, with no Google
  // client configured, shows no Google sign-in at all.
  return __SANDBOX__ ? <SandboxGoogle onCredential={onCredential} busy={busy} /> : null;
}
