import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, LoadingOverlay, Stack, Text } from 'shared-kernel/ui';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from 'shared-kernel/api';
import { TIMINGS } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { PUBLIC_HOME } from 'shared-kernel/platform';
import { useSession } from 'shared-kernel/session';
import { notify } from 'shared-kernel/ui';
import { TextField } from '../../forms/components/text-field';
import { hasErrors, useTouched } from '../../forms/hooks/use-touched';
import { newPasswordRepeatError, passwordError } from '../../forms/model/rules';
import { TextPage } from '../../static-pages/components/text-page';
import { resetHashQueryOptions } from '../api/check-reset-hash';
import { resetPassword } from '../api/reset-password';

type Field = 'password' | 'passwordRepeat';
const t = messages.registration;

export function ChangePasswordPage({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const [params] = useSearchParams();
  const hash = params.get('key') ?? '';
  const navigate = useNavigate();
  const status = useSession((s) => s.status);
  const [values, setValues] = useState<Record<Field, string>>({ password: '', passwordRepeat: '' });
  const [state, setState] = useState<'idle' | 'sending' | 'done' | 'failed'>('idle');
  const [failure, setFailure] = useState<string>(messages.errors.passwordReset.changeFailed);
  const { touch, touchAll, shown } = useTouched<Field>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A signed-in user must sign out before resetting a password (spec 2.5).
  useEffect(() => {
    if (status !== 'signedIn') return;
    notify({ type: 'info', message: messages.common.alreadySignedIn });
    navigate(PUBLIC_HOME, { replace: true });
  }, [status, navigate]);

  // The link's hash is checked once on load; a used, expired or unknown one leads to the front page.
  const signedOut = status === 'none';
  const hashCheck = useQuery({ ...resetHashQueryOptions(hash), enabled: signedOut && hash !== '' });
  const hashState = hashCheck.data === true ? 'valid' : 'checking';
  const hashRefused = signedOut && (hash === '' || hashCheck.data === false || hashCheck.isError);

  const errors: Record<Field, string | undefined> = {
    password: passwordError(values.password),
    passwordRepeat: newPasswordRepeatError(values.password, values.passwordRepeat),
  };
  const set = (f: Field) => (v: string) => setValues((s) => ({ ...s, [f]: v }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    touchAll(['password', 'passwordRepeat']);
    if (hasErrors(errors) || state === 'sending' || state === 'done') return;
    setState('sending');
    try {
      await resetPassword(hash, values.password);
      setState('done');
      timer.current = setTimeout(reload, TIMINGS.reloadAfterSuccessMs);
    } catch (error) {
      setFailure(isApiError(error, 'INVALID_PASSWORD') ? messages.validation.passwordRule : messages.errors.passwordReset.changeFailed);
      setState('failed');
    }
  }

  if (hashRefused) return <Navigate to={PUBLIC_HOME} replace />;

  if (status === 'signedIn') {
    return (
      <TextPage title={t.changeTitle}>
        <Text role="status">{messages.common.alreadySignedIn}</Text>
      </TextPage>
    );
  }

  return (
    <TextPage title={t.changeTitle} testId="change-password-page">
      <LoadingOverlay loading={hashState === 'checking'} label={t.checkingLink} minH="120px">
        {hashState === 'checking' ? null : (
          <form onSubmit={submit} noValidate aria-label={t.changeTitle}>
            <Stack gap={4} maxW="md">
              <TextField name="password" label={t.newPassword} type="password" required autoComplete="new-password" value={values.password} onChange={set('password')} onBlur={() => touch('password')} error={shown('password', errors)} />
              <TextField name="passwordRepeat" label={t.newPasswordRepeat} type="password" required autoComplete="new-password" value={values.passwordRepeat} onChange={set('passwordRepeat')} onBlur={() => touch('passwordRepeat')} error={shown('passwordRepeat', errors)} />
              {state === 'done' ? (
                <Text role="status" color="green.700" data-testid="change-result">
                  {messages.errors.passwordReset.changeSucceeded}
                </Text>
              ) : null}
              {state === 'failed' ? (
                <Text role="alert" color="red.600" data-testid="change-result">
                  {failure}
                </Text>
              ) : null}
              <Button type="submit" colorPalette="brand" loading={state === 'sending'} disabled={state === 'done'} alignSelf="flex-start">
                {t.changeSubmit}
              </Button>
            </Stack>
          </form>
        )}
      </LoadingOverlay>
    </TextPage>
  );
}
