import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, Button, Field, Flex, Heading, Input, Link, Separator, Stack, Text } from 'shared-kernel/ui';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { messages } from 'shared-kernel/messages';
import { validateRequired, loginErrorMessage } from 'shared-kernel/domain';
import { setSessionUser, useSession } from 'shared-kernel/session';
import { safeGoto, AUTH_HOME } from 'shared-kernel/platform';
import { isApiError } from 'shared-kernel/api';
import type { SessionUser } from 'shared-kernel/session';
import { login } from '../api/login';
import { sessionGoogle } from '../api/session-google';
import { GoogleSignIn } from './google-sign-in';

type Field = 'username' | 'password';

/**
 * The spec's texts for a refused sign-in ('Vale email või parool', or the lock-out text); when no
 * answer came at all (network down, 15 s timeout) saying "wrong password" would mislead, so the
 * client's own connection text is shown instead.
 */
function signInErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 0 && error.code !== 'ABORTED') return error.message;
  return loginErrorMessage(isApiError(error) ? error : null);
}

export function LoginPage() {
  const [values, setValues] = useState({ username: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ username: false, password: false });
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = useSession((s) => s.status);
  const goto = safeGoto(params.get('goto'), AUTH_HOME);
  // Set once this page signs the user in: from then on goto decides, not the effect below.
  const signedInHere = useRef(false);

  // Spec 2.5: a user who is already signed in goes to the profile at once; goto is only for after a sign-in.
  useEffect(() => {
    if (status === 'signedIn' && !signedInHere.current) navigate(AUTH_HOME, { replace: true });
  }, [status, navigate]);

  const signedIn = useCallback(
    (user: SessionUser) => {
      signedInHere.current = true;
      setSessionUser(user);
      navigate(goto, { replace: true });
    },
    [goto, navigate],
  );

  const errors: Record<Field, string | undefined> = {
    username: validateRequired(values.username.trim()),
    password: validateRequired(values.password),
  };
  const shown = (f: Field) => (touched[f] ? errors[f] : undefined);

  const googleFailed = useCallback(() => setServerError(messages.errors.login.googleFailed), []);
  const signInWithGoogle = useCallback(
    async (credential: string) => {
      setBusy(true);
      setServerError(null);
      try {
        signedIn((await sessionGoogle(credential)) as SessionUser);
      } catch (error) {
        // A suspended account is refused for Google too; that is not a Google failure.
        if (isApiError(error, 'ACCOUNT_SUSPENDED')) setServerError(signInErrorMessage(error));
        else googleFailed();
      } finally {
        setBusy(false);
      }
    },
    [signedIn, googleFailed],
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched({ username: true, password: true });
    if (errors.username || errors.password) return;
    setBusy(true);
    setServerError(null);
    try {
      signedIn((await login({ username: values.username.trim(), password: values.password })) as SessionUser);
    } catch (error) {
      setServerError(signInErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box maxW="md" mx="auto" my={{ base: 8, md: 16 }} px={4} w="100%">
      <Heading as="h1" size="2xl" mb={6}>
        {messages.publicSite.loginTitle}
      </Heading>
      <form onSubmit={submit} noValidate>
        <Stack gap={4}>
          {(['username', 'password'] as const).map((f) => (
            <Field.Root key={f} invalid={Boolean(shown(f))} required>
              <Field.Label>{f === 'username' ? messages.publicSite.username : messages.publicSite.password}</Field.Label>
              <Input
                type={f === 'username' ? 'email' : 'password'}
                name={f}
                autoComplete={f === 'username' ? 'username' : 'current-password'}
                value={values[f]}
                onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
                onBlur={() => setTouched((t) => ({ ...t, [f]: true }))}
              />
              <Field.ErrorText>{shown(f)}</Field.ErrorText>
            </Field.Root>
          ))}
          {serverError ? (
            <Text role="alert" color="red.600" data-testid="login-error">
              {serverError}
            </Text>
          ) : null}
          <Button type="submit" colorPalette="brand" loading={busy}>
            {messages.publicSite.loginButton}
          </Button>
          <Flex align="center" gap={3}>
            <Separator flex="1" />
            <Text color="gray.500" fontSize="sm">
              {messages.publicSite.orDivider}
            </Text>
            <Separator flex="1" />
          </Flex>
          <GoogleSignIn onCredential={signInWithGoogle} onError={googleFailed} busy={busy} />
          <Link asChild>
            <RouterLink to="/public/forgot-password">{messages.publicSite.forgotPassword}</RouterLink>
          </Link>
          <Text>
            {messages.publicSite.noAccount}{' '}
            <Link asChild color="brand.solid">
              <RouterLink to="/public/signup">{messages.publicSite.register}</RouterLink>
            </Link>
          </Text>
        </Stack>
      </form>
    </Box>
  );
}
