import { useMutation } from '@tanstack/react-query';
import { Button, HStack, Stack, notify } from 'shared-kernel/ui';
import { Form, FormError, FormField, FORM_ERROR, serverError, useZodForm } from 'shared-kernel/forms';
import { isApiError } from 'shared-kernel/api';
import { messages } from 'shared-kernel/messages';
import type { SessionUser } from 'shared-kernel/session';
import { accountTexts } from '../../../messages/et';
import { saveProfileMutationOptions } from '../api/save-profile';
import { ProfileForm, profileChanges, profileDefaults, type ProfileFormOutput, type ProfileFormValues } from '../model/profile-form';

const t = accountTexts.profile;

/** Editing the e-mail, phone and bank account number; only what changed is sent. */
export function ProfileEditForm({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const form = useZodForm(ProfileForm, { defaultValues: profileDefaults(user) });
  const save = useMutation(saveProfileMutationOptions());

  const submit = async (values: ProfileFormOutput) => {
    try {
      await save.mutateAsync({ user, changes: profileChanges(user, values) });
      notify({ type: 'success', message: messages.common.updated });
      onDone();
    } catch (error) {
      form.setError(FORM_ERROR, serverError(isApiError(error) && error.status < 500 ? error.message : messages.common.saveFailed));
    }
  };

  return (
    <Form form={form} onSubmit={submit} aria-label={t.edit} data-testid="profile-edit">
      <Stack gap={3}>
        <FormField<ProfileFormValues> name="email" label={accountTexts.profile.email} type="email" autoComplete="email" required />
        <FormField<ProfileFormValues>
          name="phone"
          label={accountTexts.profile.phone}
          type="tel"
          autoComplete="tel"
          placeholder={messages.validation.phoneHint}
          required
        />
        <FormField<ProfileFormValues> name="accountNr" label={t.accountNr} placeholder="EE…" maxLength={34} />
        <FormError testId="profile-error" />
        <HStack gap={2}>
          <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting}>
            {t.save}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            {t.cancel}
          </Button>
        </HStack>
      </Stack>
    </Form>
  );
}
