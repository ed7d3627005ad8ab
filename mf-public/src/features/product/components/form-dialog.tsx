import { useEffect, useRef, type ReactNode } from 'react';
import { Button, CloseButton, Portal, Stack, Text } from 'shared-kernel/ui';
import { Dialog } from 'shared-kernel/overlays';
import { TIMINGS } from 'shared-kernel/domain';
import { Form, FORM_ERROR, FormError, serverError, type FieldValues, type UseFormReturn } from 'shared-kernel/forms';
import { messages } from 'shared-kernel/messages';
import { productTexts } from '../../../messages/product';

export interface FormDialogProps<I extends FieldValues, O> {
  open: boolean;
  onClose: () => void;
  testId: string;
  title: string;
  submitLabel: string;
  successText: string;
  /** The dialog's form (`useZodForm`); its schema's messages show at the fields. */
  form: UseFormReturn<I, unknown, O>;
  /** Sends the valid form; a thrown error is turned into the text shown under the fields. */
  send: (values: O) => Promise<unknown>;
  errorText: (error: unknown) => string;
  children: ReactNode;
}

/** A product-page dialog with one form: validate, send, show success, empty the form and close after 1.5 s. */
export function FormDialog<I extends FieldValues, O>({ open, onClose, testId, title, submitLabel, successText, form, send, errorText, children }: FormDialogProps<I, O>) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  // A refusal is a form error (set below), so a finished submit without one was saved.
  const done = form.formState.isSubmitSuccessful;

  const submit = async (values: O) => {
    try {
      await send(values);
      timer.current = setTimeout(() => {
        form.reset();
        onClose();
      }, TIMINGS.feedbackDialogCloseMs);
    } catch (err) {
      form.setError(FORM_ERROR, serverError(errorText(err)));
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <Form form={form} onSubmit={submit} data-testid={testId}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={3}>
                  {children}
                  <FormError />
                  {done ? (
                    <Text color="green.600" role="status">
                      {successText}
                    </Text>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="ghost" onClick={onClose}>
                  {productTexts.cancel}
                </Button>
                <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting} disabled={done}>
                  {submitLabel}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={messages.common.close} />
              </Dialog.CloseTrigger>
            </Form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
