import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button, LoadingOverlay, Stack, Text } from 'shared-kernel/ui';
import { Navigate, useNavigate, useSearchParams } from 'shared-kernel/router';
import { isApiError } from 'shared-kernel/api';
import { TIMINGS } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { PUBLIC_HOME } from 'shared-kernel/platform';
import { useSession } from 'shared-kernel/session';
import { notify } from 'shared-kernel/ui';
import { Form, FORM_ERROR, FormError, FormField, serverError, useZodForm } from 'shared-kernel/forms';
import { TextPage } from '../../../components/text-page';
import { resetHashQueryOptions } from '../api/check-reset-hash';
import { resetPasswordMutationOptions } from '../api/reset-password';
import { ChangePasswordForm, type ChangePasswordValues } from '../model/password-forms';
import { registrationTexts } from '../../../messages/registration';

const t = registrationTexts;

export function ChangePasswordPage({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const [params] = useSearchParams();
  const hash = params.get('key') ?? '';
  const navigate = useNavigate();
  const status = useSession((s) => s.status);
  const form = useZodForm(ChangePasswordForm, { defaultValues: { password: '', passwordRepeat: '' } });
  // A failure is a form or field error (set below), so a finished submit without one set the password.
  const done = form.formState.isSubmitSuccessful;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A signed-in user must sign out before resetting a password (spec 2.5).
  useEffect(() => {
    if (status !== 'signedIn') return;
    notify({ type: 'info', message: messages.common.alreadySignedIn });
    void navigate(PUBLIC_HOME, { replace: true });
  }, [status, navigate]);

  // The link's hash is checked once on load; a used, expired or unknown one leads to the front page.
  const signedOut = status === 'none';
  const hashCheck = useQuery({ ...resetHashQueryOptions(hash), enabled: signedOut && hash !== '' });
  const hashState = hashCheck.data === true ? 'valid' : 'checking';
  const hashRefused = signedOut && (hash === '' || hashCheck.data === false || hashCheck.isError);

  const reset = useMutation(resetPasswordMutationOptions());

  async function submit({ password }: ChangePasswordValues) {
    try {
      await reset.mutateAsync({ hash, newPassword: password });
      timer.current = setTimeout(reload, TIMINGS.reloadAfterSuccessMs);
    } catch (error) {
      if (isApiError(error, 'INVALID_PASSWORD')) form.setError('password', serverError(messages.validation.passwordRule));
      else form.setError(FORM_ERROR, serverError(messages.errors.passwordReset.changeFailed));
    }
  }

  if (status === 'signedIn') {
    return (
      <TextPage title={t.changeTitle}>
        <Text role="status">{messages.common.alreadySignedIn}</Text>
      </TextPage>
    );
  }

  if (hashRefused) return <Navigate to={PUBLIC_HOME} replace />;

  return (
    <TextPage title={t.changeTitle} testId="change-password-page">
      <LoadingOverlay loading={hashState === 'checking'} label={t.checkingLink} minH="120px">
        {hashState === 'checking' ? null : (
          <Form form={form} onSubmit={submit} aria-label={t.changeTitle}>
            <Stack gap={4} maxW="md">
              <FormField<ChangePasswordValues>
                name="password"
                label={t.newPassword}
                type="password"
                required
                autoComplete="new-password"
                revalidates={['passwordRepeat']}
              />
              <FormField<ChangePasswordValues>
                name="passwordRepeat"
                label={t.newPasswordRepeat}
                type="password"
                required
                autoComplete="new-password"
              />
              {done ? (
                <Text role="status" color="green.700" data-testid="change-result">
                  {messages.errors.passwordReset.changeSucceeded}
                </Text>
              ) : null}
              <FormError testId="change-result" />
              <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting} disabled={done} alignSelf="flex-start">
                {t.changeSubmit}
              </Button>
            </Stack>
          </Form>
        )}
      </LoadingOverlay>
    </TextPage>
  );
}
