import { useEffect, useRef, type ReactNode } from 'react';
import { Text } from 'shared-kernel/ui';
import { FormDialog as KernelFormDialog } from 'shared-kernel/overlays';
import { TIMINGS } from 'shared-kernel/domain';
import { FORM_ERROR, serverError, type FieldValues, type UseFormReturn } from 'shared-kernel/forms';
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
export function FormDialog<I extends FieldValues, O>({
  open,
  onClose,
  testId,
  title,
  submitLabel,
  successText,
  form,
  send,
  errorText,
  children,
}: FormDialogProps<I, O>) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
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
    <KernelFormDialog
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={submit}
      testId={testId}
      title={title}
      cancelLabel={productTexts.cancel}
      submitLabel={submitLabel}
      submitDisabled={done}
      after={
        done ? (
          <Text color="green.600" role="status">
            {successText}
          </Text>
        ) : null
      }
    >
      {children}
    </KernelFormDialog>
  );
}
