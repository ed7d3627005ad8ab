import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Stack, Text } from 'shared-kernel/ui';
import { useNavigate } from 'react-router';
import { TIMINGS } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { PUBLIC_HOME } from 'shared-kernel/platform';
import { useSession } from 'shared-kernel/session';
import { TextField } from '../../forms/components/text-field';
import { useTouched } from '../../forms/hooks/use-touched';
import { emailError } from '../../forms/model/rules';
import { TextPage } from '../../static-pages/components/text-page';
import { requestPasswordReset } from '../api/request-password-reset';

const t = messages.registration;

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const { touch, touchAll, shown } = useTouched<'email'>();
  const navigate = useNavigate();
  const status = useSession((s) => s.status);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (status === 'signedIn' && state !== 'sent') navigate(PUBLIC_HOME, { replace: true });
  }, [status, state, navigate]);

  const errors = { email: emailError(email) };

  async function submit(e: FormEvent) {
    e.preventDefault();
    touchAll(['email']);
    if (errors.email || state === 'sending' || state === 'sent') return;
    setState('sending');
    try {
      await requestPasswordReset(email.trim());
      setState('sent');
      timer.current = setTimeout(() => navigate(PUBLIC_HOME), TIMINGS.forgotPasswordRedirectMs);
    } catch {
      setState('failed');
    }
  }

  return (
    <TextPage title={t.forgotTitle} subtitle={t.forgotIntro} testId="forgot-password-page">
      <form onSubmit={submit} noValidate aria-label={t.forgotTitle}>
        <Stack gap={4} maxW="md">
          <TextField name="email" label={t.email} type="email" required autoComplete="email" value={email} onChange={setEmail} onBlur={() => touch('email')} error={shown('email', errors)} />
          {state === 'sent' ? (
            <Text role="status" color="green.700" data-testid="forgot-result">
              {messages.errors.passwordReset.forgotSucceeded}
            </Text>
          ) : null}
          {state === 'failed' ? (
            <Text role="alert" color="red.600" data-testid="forgot-result">
              {messages.errors.passwordReset.forgotFailed}
            </Text>
          ) : null}
          <Button type="submit" colorPalette="brand" loading={state === 'sending'} disabled={state === 'sent'} alignSelf="flex-start">
            {t.forgotSubmit}
          </Button>
        </Stack>
      </form>
    </TextPage>
  );
}
