import { Button, Stack } from 'shared-kernel/ui';
import { Form, FORM_ERROR, FormError, FormField, serverError, useWatch, useZodForm } from 'shared-kernel/forms';
import { TermsCheckbox } from '../../../components/terms-checkbox';
import { useRegister, type RegisterOptions } from '../hooks/use-register';
import { privatePayload } from '../model/payload';
import { PrivateSignupForm, type PrivateSignupValues } from '../model/signup-form';
import { registrationTexts } from '../../../messages/registration';

const t = registrationTexts;

export function PrivateForm(options: RegisterOptions) {
  const form = useZodForm(PrivateSignupForm, { defaultValues: { email: '', password: '', passwordRepeat: '', terms: false } });
  const terms = useWatch({ control: form.control, name: 'terms' });
  const { register, done } = useRegister(options);

  return (
    <Form
      form={form}
      aria-label={t.privateTab}
      data-testid="private-form"
      onSubmit={async (values) => {
        if (!values.terms || done) return;
        const failure = await register(privatePayload(values));
        if (failure) form.setError(failure.field ?? FORM_ERROR, serverError(failure.message));
      }}
    >
      <Stack gap={4}>
        <FormField<PrivateSignupValues> name="email" label={t.email} type="email" required autoComplete="email" />
        <FormField<PrivateSignupValues>
          name="password"
          label={t.password}
          type="password"
          required
          autoComplete="new-password"
          revalidates={['passwordRepeat']}
        />
        <FormField<PrivateSignupValues>
          name="passwordRepeat"
          label={t.passwordRepeat}
          type="password"
          required
          autoComplete="new-password"
        />
        <TermsCheckbox<PrivateSignupValues> name="terms" />
        <FormError testId="register-error" />
        <Button type="submit" colorPalette="brand" disabled={!terms || done} loading={form.formState.isSubmitting}>
          {t.submit}
        </Button>
      </Stack>
    </Form>
  );
}
