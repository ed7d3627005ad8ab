import { useState, type FormEvent } from 'react';
import { Button, Stack, Text } from 'shared-kernel/ui';
import { messages } from 'shared-kernel/messages';
import { TermsCheckbox } from '../../forms/components/terms-checkbox';
import { TextField } from '../../forms/components/text-field';
import { hasErrors, useTouched } from '../../forms/hooks/use-touched';
import { emailError, passwordError, repeatError } from '../../forms/model/rules';
import { useRegister, type RegisterOptions } from '../hooks/use-register';
import { privatePayload } from '../model/payload';

type Field = 'email' | 'password' | 'passwordRepeat';
const FIELDS: readonly Field[] = ['email', 'password', 'passwordRepeat'];
const t = messages.registration;

export function PrivateForm(options: RegisterOptions) {
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '', passwordRepeat: '' });
  const [terms, setTerms] = useState(false);
  const { touch, touchAll, shown } = useTouched<Field>();
  const { register, busy, error, done } = useRegister(options);
  const errors: Record<Field, string | undefined> = {
    email: emailError(values.email),
    password: passwordError(values.password),
    passwordRepeat: repeatError(values.password, values.passwordRepeat),
  };
  const set = (f: Field) => (v: string) => setValues((s) => ({ ...s, [f]: v }));

  function submit(e: FormEvent) {
    e.preventDefault();
    touchAll(FIELDS);
    if (hasErrors(errors) || !terms || busy || done) return;
    void register(privatePayload(values));
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t.privateTab} data-testid="private-form">
      <Stack gap={4}>
        <TextField name="email" label={t.email} type="email" required autoComplete="email" value={values.email} onChange={set('email')} onBlur={() => touch('email')} error={shown('email', errors)} />
        <TextField name="password" label={t.password} type="password" required autoComplete="new-password" value={values.password} onChange={set('password')} onBlur={() => touch('password')} error={shown('password', errors)} />
        <TextField name="passwordRepeat" label={t.passwordRepeat} type="password" required autoComplete="new-password" value={values.passwordRepeat} onChange={set('passwordRepeat')} onBlur={() => touch('passwordRepeat')} error={shown('passwordRepeat', errors)} />
        <TermsCheckbox name="terms" checked={terms} onChange={setTerms} />
        {error ? (
          <Text role="alert" color="red.600" data-testid="register-error">
            {error}
          </Text>
        ) : null}
        <Button type="submit" colorPalette="brand" disabled={!terms || done} loading={busy}>
          {t.submit}
        </Button>
      </Stack>
    </form>
  );
}
