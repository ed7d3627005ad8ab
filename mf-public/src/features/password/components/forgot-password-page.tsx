import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button, Stack, Text } from 'shared-kernel/ui';
import { useNavigate } from 'shared-kernel/router';
import { TIMINGS } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { PUBLIC_HOME } from 'shared-kernel/platform';
import { useSession } from 'shared-kernel/session';
import { Form, FORM_ERROR, FormError, FormField, serverError, useZodForm } from 'shared-kernel/forms';
import { TextPage } from '../../../components/text-page';
import { requestPasswordResetMutationOptions } from '../api/request-password-reset';
import { ForgotPasswordForm, type ForgotPasswordValues } from '../model/password-forms';
import { registrationTexts } from '../../../messages/registration';

const t = registrationTexts;

export function ForgotPasswordPage() {
  const form = useZodForm(ForgotPasswordForm, { defaultValues: { email: '' } });
  // A failure is a form error (set below), so a finished submit without one sent the link.
  const sent = form.formState.isSubmitSuccessful;
  const navigate = useNavigate();
  const status = useSession((s) => s.status);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const requestReset = useMutation(requestPasswordResetMutationOptions());

  useEffect(() => {
    if (status === 'signedIn' && !sent) void navigate(PUBLIC_HOME, { replace: true });
  }, [status, sent, navigate]);

  async function submit({ email }: ForgotPasswordValues) {
    try {
      await requestReset.mutateAsync(email);
      timer.current = setTimeout(() => void navigate(PUBLIC_HOME), TIMINGS.forgotPasswordRedirectMs);
    } catch {
      form.setError(FORM_ERROR, serverError(messages.errors.passwordReset.forgotFailed));
    }
  }

  return (
    <TextPage title={t.forgotTitle} subtitle={t.forgotIntro} testId="forgot-password-page">
      <Form form={form} onSubmit={submit} aria-label={t.forgotTitle}>
        <Stack gap={4} maxW="md">
          <FormField<ForgotPasswordValues> name="email" label={t.email} type="email" required autoComplete="email" />
          {sent ? (
            <Text role="status" color="green.700" data-testid="forgot-result">
              {messages.errors.passwordReset.forgotSucceeded}
            </Text>
          ) : null}
          <FormError testId="forgot-result" />
          <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting} disabled={sent} alignSelf="flex-start">
            {t.forgotSubmit}
          </Button>
        </Stack>
      </Form>
    </TextPage>
  );
}
