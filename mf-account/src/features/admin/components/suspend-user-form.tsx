import { useMutation } from '@tanstack/react-query';
import { isApiError } from 'shared-kernel/api';
import { Form, FormError, FormField, FORM_ERROR, serverError, useZodForm } from 'shared-kernel/forms';
import { format } from 'shared-kernel/messages';
import type { AdminUser } from 'shared-kernel/schemas';
import { Button, HStack, Stack, notify } from 'shared-kernel/ui';
import { accountTexts } from '../../../messages/et';
import { suspendUserMutationOptions } from '../api/suspend-user';
import { suspendForm, type SuspendFormValues } from '../model/user-forms';
import { fullName } from '../model/full-name';

const t = accountTexts.admin.users;

/** The reason is required: the audit log keeps it and the console shows it on the user's row. */
export function SuspendUserForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const form = useZodForm(suspendForm, { defaultValues: { reason: '' } });
  const suspend = useMutation(suspendUserMutationOptions());

  const submit = async ({ reason }: { reason: string }) => {
    try {
      const answer = await suspend.mutateAsync({ userId: user.id, reason });
      notify({ type: 'success', message: format(t.suspendedDone, { name: fullName(user), count: answer.declinedRequests }) });
      onDone();
    } catch (error) {
      // The server's Estonian refusal (already suspended, an admin, oneself) says more than a generic text.
      form.setError(FORM_ERROR, serverError(isApiError(error) && error.status === 409 ? error.message : t.actionFailed));
    }
  };

  return (
    <Form form={form} onSubmit={submit} aria-label={`${t.confirmSuspend}: ${fullName(user)}`}>
      <Stack gap={2} data-testid="suspend-form">
        <FormField<SuspendFormValues> name="reason" label={t.reason} multiline required />
        <FormError testId="suspend-error" />
        <HStack>
          <Button type="submit" colorPalette="red" loading={form.formState.isSubmitting}>
            {t.confirmSuspend}
          </Button>
          <Button variant="outline" onClick={onDone}>
            {t.cancel}
          </Button>
        </HStack>
      </Stack>
    </Form>
  );
}
