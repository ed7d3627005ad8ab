import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, Flex, Heading, Link, Separator, Stack, Text } from 'shared-kernel/ui';
import { Form, FORM_ERROR, FormError, FormField, serverError, useZodForm } from 'shared-kernel/forms';
import { Link as RouterLink, useNavigate, useSearchParams } from 'shared-kernel/router';
import { messages } from 'shared-kernel/messages';
import { loginErrorMessage } from 'shared-kernel/domain';
import { setSessionUser, useSession } from 'shared-kernel/session';
import { safeGoto, AUTH_HOME } from 'shared-kernel/platform';
import { isApiError } from 'shared-kernel/api';
import type { SessionUser } from 'shared-kernel/session';
import { login } from '../api/login';
import { sessionGoogleMutationOptions } from '../api/session-google';
import { LoginForm, type LoginValues } from '../model/login-form';
import { GoogleSignIn } from './google-sign-in';
import { publicSiteTexts } from '../../../messages/public-site';
import { savedProductTexts } from '../../../messages/saved-products';
import { carriesSaveIntent } from '../../../components/save-product/save-intent';

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
  const form = useZodForm(LoginForm, { defaultValues: { username: '', password: '' } });
  const [googleBusy, setGoogleBusy] = useState(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = useSession((s) => s.status);
  const goto = safeGoto(params.get('goto'), AUTH_HOME);
  // Set once this page signs the user in: from then on goto decides, not the effect below.
  const signedInHere = useRef(false);
  const { setError, clearErrors } = form;

  // Spec 2.5: a user who is already signed in goes to the profile at once; goto is only for after a sign-in.
  useEffect(() => {
    if (status === 'signedIn' && !signedInHere.current) void navigate(AUTH_HOME, { replace: true });
  }, [status, navigate]);

  const signedIn = useCallback(
    (user: SessionUser) => {
      signedInHere.current = true;
      setSessionUser(user);
      void navigate(goto, { replace: true });
    },
    [goto, navigate],
  );

  const refused = useCallback((message: string) => setError(FORM_ERROR, serverError(message)), [setError]);
  const googleFailed = useCallback(() => refused(messages.errors.login.googleFailed), [refused]);
  const { mutateAsync: googleSession } = useMutation(sessionGoogleMutationOptions());
  const signInWithGoogle = useCallback(
    async (credential: string) => {
      setGoogleBusy(true);
      clearErrors(FORM_ERROR);
      try {
        signedIn((await googleSession(credential)) as SessionUser);
      } catch (error) {
        // A suspended account is refused for Google too; that is not a Google failure.
        if (isApiError(error, 'ACCOUNT_SUSPENDED')) refused(signInErrorMessage(error));
        else googleFailed();
      } finally {
        setGoogleBusy(false);
      }
    },
    [signedIn, googleFailed, refused, clearErrors, googleSession],
  );

  async function submit(values: LoginValues) {
    try {
      signedIn((await login(values)) as SessionUser);
    } catch (error) {
      refused(signInErrorMessage(error));
    }
  }

  const busy = googleBusy || form.formState.isSubmitting;
  return (
    <Box maxW="md" mx="auto" my={{ base: 8, md: 16 }} px={4} w="100%">
      <Heading as="h1" size="2xl" mb={6}>
        {publicSiteTexts.loginTitle}
      </Heading>
      {/* A heart pressed while signed out brought the visitor here: say why. */}
      {carriesSaveIntent(goto) ? (
        <Text mb={4} data-testid="login-save-hint">
          {savedProductTexts.signInToSave}
        </Text>
      ) : null}
      <Stack gap={4}>
        {/* The Google sign-in below has a form of its own, and forms cannot nest. */}
        <Form form={form} onSubmit={submit} aria-label={publicSiteTexts.loginTitle}>
          <Stack gap={4}>
            <FormField<LoginValues> name="username" label={publicSiteTexts.username} type="email" autoComplete="username" required />
            <FormField<LoginValues>
              name="password"
              label={publicSiteTexts.password}
              type="password"
              autoComplete="current-password"
              required
            />
            <FormError testId="login-error" />
            <Button type="submit" colorPalette="brand" loading={busy}>
              {publicSiteTexts.loginButton}
            </Button>
          </Stack>
        </Form>
        <Flex align="center" gap={3}>
          <Separator flex="1" />
          <Text color="gray.500" fontSize="sm">
            {publicSiteTexts.orDivider}
          </Text>
          <Separator flex="1" />
        </Flex>
        <GoogleSignIn onCredential={signInWithGoogle} onError={googleFailed} busy={busy} />
        <Link asChild>
          <RouterLink to="/public/forgot-password">{publicSiteTexts.forgotPassword}</RouterLink>
        </Link>
        <Text>
          {publicSiteTexts.noAccount}{' '}
          <Link asChild color="brand.solid">
            <RouterLink to="/public/signup">{publicSiteTexts.register}</RouterLink>
          </Link>
        </Text>
      </Stack>
    </Box>
  );
}
