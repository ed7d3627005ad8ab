import { useMutation } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Box, Button, Heading, Stack, Text } from 'shared-kernel/ui';
import { validateIsikukood } from 'shared-kernel/domain';
import { CheckboxField, Form, FORM_ERROR, FormError, FormField, serverError, useWatch, useZodForm } from 'shared-kernel/forms';
import { format, messages } from 'shared-kernel/messages';
import { RemoteWidget, widgets } from 'shared-kernel/platform';
import { TermsCheckbox } from '../../../components/terms-checkbox';
import { validateBusinessMutationOptions } from '../api/validate-business';
import { useRegister, type RegisterOptions } from '../hooks/use-register';
import { businessPayload } from '../model/payload';
import { identityOutcome, type IdentityOutcome } from '../model/identity-result';
import { BusinessSignupForm, type BusinessSignupValues } from '../model/signup-form';
import { registrationTexts } from '../../../messages/registration';

const t = registrationTexts;

export function BusinessForm(options: RegisterOptions) {
  const form = useZodForm(BusinessSignupForm, {
    defaultValues: {
      name: '',
      registryCode: '',
      representativeName: '',
      idCode: '',
      email: '',
      password: '',
      passwordRepeat: '',
      allowVat: true,
      terms: false,
    },
  });
  const [idCode, terms] = useWatch({ control: form.control, name: ['idCode', 'terms'] });
  // The verification belongs to one personal code; changing the code forgets it.
  const [identity, setIdentity] = useState<(IdentityOutcome & { code: string }) | null>(null);
  const { register, done } = useRegister(options);
  const checkBusiness = useMutation(validateBusinessMutationOptions());

  const code = idCode.trim();
  const codeValid = validateIsikukood(code);
  const verified = identity !== null && identity.ok && identity.code === code && Boolean(identity.token);

  const onResult = useCallback((result: unknown) => setIdentity({ ...identityOutcome(result), code }), [code]);
  const widgetProps = useMemo(() => ({ personalCode: code, onResult, englishCancelText: true }), [code, onResult]);

  async function send(values: BusinessSignupValues) {
    const token = identity?.code === values.idCode ? identity.token : undefined;
    if (!values.terms || !verified || done || !token) return;
    const failure = await register(businessPayload(values, token), async () => {
      const check = await checkBusiness.mutateAsync({
        name: values.name,
        registryCode: values.registryCode,
        personName: values.representativeName,
        personalCode: values.idCode,
      });
      return check.valid ? null : format(messages.errors.registration.businessInvalid, { message: check.message });
    });
    if (failure) form.setError(failure.field ?? FORM_ERROR, serverError(failure.message));
  }

  return (
    <Form form={form} onSubmit={send} aria-label={t.businessTab} data-testid="business-form">
      <Stack gap={4}>
        <FormField<BusinessSignupValues> name="name" label={t.companyName} required autoComplete="organization" />
        <FormField<BusinessSignupValues> name="registryCode" label={t.registryCode} required inputMode="numeric" />
        <FormField<BusinessSignupValues> name="representativeName" label={t.representativeName} required autoComplete="name" />
        <FormField<BusinessSignupValues> name="idCode" label={t.representativeCode} required inputMode="numeric" />
        <FormField<BusinessSignupValues> name="email" label={t.email} type="email" required autoComplete="email" />
        <FormField<BusinessSignupValues>
          name="password"
          label={t.password}
          type="password"
          required
          autoComplete="new-password"
          revalidates={['passwordRepeat']}
        />
        <FormField<BusinessSignupValues>
          name="passwordRepeat"
          label={t.passwordRepeat}
          type="password"
          required
          autoComplete="new-password"
        />
        <CheckboxField<BusinessSignupValues> name="allowVat" label={t.vatPayer} />
        <Box borderWidth="1px" borderRadius="lg" p={4} data-testid="representative-identity">
          <Heading as="h2" size="md" mb={3}>
            {t.identityTitle}
          </Heading>
          {verified ? (
            <Text color="green.700" role="status" data-testid="identity-verified">
              {t.identityVerified}
            </Text>
          ) : codeValid ? (
            // Keyed by the code: a failure shown for one code must not stay when the code is changed.
            <RemoteWidget
              key={code}
              contract={widgets.identityCheck}
              props={widgetProps}
              unavailable={<Text color="gray.600">{t.identityUnavailable}</Text>}
            />
          ) : (
            <Text color="gray.600">{t.identityNeedsCode}</Text>
          )}
        </Box>
        <TermsCheckbox<BusinessSignupValues> name="terms" />
        <FormError testId="register-error" />
        <Button type="submit" colorPalette="brand" disabled={!terms || !verified || done} loading={form.formState.isSubmitting}>
          {t.submit}
        </Button>
      </Stack>
    </Form>
  );
}
