import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { Box, Button, Checkbox, Heading, Stack, Text } from 'shared-kernel/ui';
import { validateIsikukood, validateIsikukoodField, validateRequired } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages';
import { RemoteWidget } from 'shared-kernel/platform';
import { TermsCheckbox } from '../../forms/components/terms-checkbox';
import { TextField } from '../../forms/components/text-field';
import { firstError, hasErrors, useTouched } from '../../forms/hooks/use-touched';
import { emailError, passwordError, repeatError } from '../../forms/model/rules';
import { validateBusiness } from '../api/validate-business';
import { useRegister, type RegisterOptions } from '../hooks/use-register';
import { businessPayload } from '../model/payload';
import { identityOutcome, type IdentityOutcome } from '../model/identity-result';

type Field = 'name' | 'registryCode' | 'representativeName' | 'idCode' | 'email' | 'password' | 'passwordRepeat';
const FIELDS: readonly Field[] = ['name', 'registryCode', 'representativeName', 'idCode', 'email', 'password', 'passwordRepeat'];
const t = messages.registration;

export function BusinessForm(options: RegisterOptions) {
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    registryCode: '',
    representativeName: '',
    idCode: '',
    email: '',
    password: '',
    passwordRepeat: '',
  });
  const [allowVat, setAllowVat] = useState(true);
  const [terms, setTerms] = useState(false);
  // The verification belongs to one personal code; changing the code forgets it.
  const [identity, setIdentity] = useState<(IdentityOutcome & { code: string }) | null>(null);
  const { touch, touchAll, shown } = useTouched<Field>();
  const { register, busy, error, done } = useRegister(options);

  const code = values.idCode.trim();
  const codeValid = validateIsikukood(code);
  const verified = identity !== null && identity.ok && identity.code === code && Boolean(identity.token);

  const errors: Record<Field, string | undefined> = {
    name: validateRequired(values.name),
    registryCode: validateRequired(values.registryCode),
    representativeName: validateRequired(values.representativeName),
    idCode: firstError(validateRequired(values.idCode), validateIsikukoodField(values.idCode)),
    email: emailError(values.email),
    password: passwordError(values.password),
    passwordRepeat: repeatError(values.password, values.passwordRepeat),
  };
  const set = (f: Field) => (v: string) => setValues((s) => ({ ...s, [f]: v }));

  const onResult = useCallback((result: unknown) => setIdentity({ ...identityOutcome(result), code }), [code]);
  const widgetProps = useMemo(() => ({ personalCode: code, onResult, englishCancelText: true }), [code, onResult]);

  function submit(e: FormEvent) {
    e.preventDefault();
    touchAll(FIELDS);
    if (hasErrors(errors) || !terms || !verified || busy || done || !identity?.token) return;
    const payload = businessPayload({ ...values, allowVat }, identity.token);
    void register(payload, async () => {
      const check = await validateBusiness({
        name: values.name.trim(),
        registryCode: values.registryCode.trim(),
        personName: values.representativeName.trim(),
        personalCode: code,
      });
      return check.valid ? null : format(messages.errors.registration.businessInvalid, { message: check.message });
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t.businessTab} data-testid="business-form">
      <Stack gap={4}>
        <TextField name="name" label={t.companyName} required autoComplete="organization" value={values.name} onChange={set('name')} onBlur={() => touch('name')} error={shown('name', errors)} />
        <TextField name="registryCode" label={t.registryCode} required inputMode="numeric" value={values.registryCode} onChange={set('registryCode')} onBlur={() => touch('registryCode')} error={shown('registryCode', errors)} />
        <TextField name="representativeName" label={t.representativeName} required autoComplete="name" value={values.representativeName} onChange={set('representativeName')} onBlur={() => touch('representativeName')} error={shown('representativeName', errors)} />
        <TextField name="idCode" label={t.representativeCode} required inputMode="numeric" value={values.idCode} onChange={set('idCode')} onBlur={() => touch('idCode')} error={shown('idCode', errors)} />
        <TextField name="email" label={t.email} type="email" required autoComplete="email" value={values.email} onChange={set('email')} onBlur={() => touch('email')} error={shown('email', errors)} />
        <TextField name="password" label={t.password} type="password" required autoComplete="new-password" value={values.password} onChange={set('password')} onBlur={() => touch('password')} error={shown('password', errors)} />
        <TextField name="passwordRepeat" label={t.passwordRepeat} type="password" required autoComplete="new-password" value={values.passwordRepeat} onChange={set('passwordRepeat')} onBlur={() => touch('passwordRepeat')} error={shown('passwordRepeat', errors)} />
        <Checkbox.Root checked={allowVat} onCheckedChange={(d) => setAllowVat(d.checked === true)} colorPalette="brand" name="allowVat">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t.vatPayer}</Checkbox.Label>
        </Checkbox.Root>
        <Box borderWidth="1px" borderRadius="lg" p={4} data-testid="representative-identity">
          <Heading as="h2" size="md" mb={3}>
            {t.identityTitle}
          </Heading>
          {verified ? (
            <Text color="green.700" role="status" data-testid="identity-verified">
              {t.identityVerified}
            </Text>
          ) : codeValid ? (
            <RemoteWidget remote="mf-account" widget="identity-check" props={widgetProps} unavailable={<Text color="gray.600">{t.identityUnavailable}</Text>} />
          ) : (
            <Text color="gray.600">{t.identityNeedsCode}</Text>
          )}
        </Box>
        <TermsCheckbox name="terms" checked={terms} onChange={setTerms} />
        {error ? (
          <Text role="alert" color="red.600" data-testid="register-error">
            {error}
          </Text>
        ) : null}
        <Button type="submit" colorPalette="brand" disabled={!terms || !verified || done} loading={busy}>
          {t.submit}
        </Button>
      </Stack>
    </form>
  );
}
