import type { MessageDialogWidgetProps } from 'shared-kernel/platform';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from 'shared-kernel/api';
import { Form, FormError, FormField, FORM_ERROR, serverError, useZodForm } from 'shared-kernel/forms';
import { format, messages } from 'shared-kernel/messages';
import { loginUrlFor } from 'shared-kernel/platform';
import { MESSAGE_MAX } from 'shared-kernel/schemas';
import { useSession } from 'shared-kernel/session';
import { Button, Stack, Text, notify } from 'shared-kernel/ui';
import { Dialog, DialogFrame } from 'shared-kernel/overlays';
import { AppLink } from '../../../components/app-link';
import { messagingTexts } from '../../../messages/et';
import { sendMessageMutationOptions } from '../api/send-message';
import { MessageForm, type MessageFormValues } from '../../../components/message-form';

const t = messagingTexts.dialog;

/** The widget contract's props (shared-kernel widget-contracts): the dialog is that widget. */
export type MessageDialogProps = MessageDialogWidgetProps;

function MessageFormBody({ me, toUserId, onClose }: { me: number; toUserId: number; onClose: () => void }) {
  const send = useMutation(sendMessageMutationOptions(me, toUserId));
  const form = useZodForm(MessageForm, { defaultValues: { message: '' } });
  const self = me === toUserId;

  const submit = async ({ message }: { message: string }) => {
    if (self) {
      form.setError(FORM_ERROR, serverError(messages.validation.messageToSelf));
      return;
    }
    try {
      await send.mutateAsync(message);
    } catch (error) {
      const text = isApiError(error, 'SELF_MESSAGE')
        ? messages.validation.messageToSelf
        : isApiError(error, 'RATE_LIMITED')
          ? messages.errors.abuse.tooManyMessages
          : t.failed;
      form.setError(FORM_ERROR, serverError(text));
      return;
    }
    notify({ type: 'success', message: t.sent });
    onClose();
  };

  return (
    <Form form={form} onSubmit={submit} data-testid="message-dialog-form">
      <Dialog.Body>
        <Stack gap={3}>
          {self ? (
            <Text role="alert" color="red.600">
              {messages.validation.messageToSelf}
            </Text>
          ) : null}
          <FormField<MessageFormValues>
            name="message"
            label={t.message}
            required
            multiline
            rows={5}
            maxLength={MESSAGE_MAX}
            disabled={self}
          />
          <FormError />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="ghost" onClick={onClose}>
          {t.cancel}
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting} disabled={self}>
          {t.send}
        </Button>
      </Dialog.Footer>
    </Form>
  );
}

/** Writing to one user from anywhere (a product, a rental request); signed-out users are asked to sign in first. */
export function MessageDialog({ open, onClose, toUserId, toName }: MessageDialogProps) {
  const me = useSession((s) => s.user?.id);
  const here = typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
  return (
    <DialogFrame open={open} onClose={onClose}>
      <Dialog.Header>
        <Dialog.Title>{toName ? format(t.titleTo, { name: toName }) : t.title}</Dialog.Title>
      </Dialog.Header>
      {me === undefined ? (
        <Dialog.Body pb={6}>
          <Text>{t.signInFirst}</Text>
          <AppLink to={loginUrlFor(here)} fontWeight="bold" onNavigate={onClose}>
            {t.signIn}
          </AppLink>
        </Dialog.Body>
      ) : (
        <MessageFormBody me={me} toUserId={toUserId} onClose={onClose} />
      )}
    </DialogFrame>
  );
}
