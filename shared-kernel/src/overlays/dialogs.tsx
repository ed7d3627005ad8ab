import type { ReactNode } from 'react';
// The package's own subpath, not '../ui': in a remote's build it resolves to the shared singleton.
import { Button, CloseButton, Portal, Stack } from 'shared-kernel/ui';
import { Dialog } from './chakra-parts';
import { Form, FormError, type FieldValues, type UseFormReturn } from 'shared-kernel/forms';
import { messages } from 'shared-kernel/messages';

export interface DialogFrameProps {
  open: boolean;
  /** Called when the user closes the dialog (close button, Escape, a click outside). */
  onClose: () => void;
  /** The content: usually a header, body and footer. */
  children: ReactNode;
  testId?: string;
  /** `inside` scrolls a long body within the dialog instead of the page. */
  scrollBehavior?: 'inside' | 'outside';
  /** `alertdialog` for a dialog that asks before something irreversible. */
  role?: 'dialog' | 'alertdialog';
  /** False keeps the dialog open on a click outside (a step the user must finish or cancel). */
  closeOnInteractOutside?: boolean;
  closeLabel?: string;
}

type RootProps = Omit<DialogFrameProps, 'children' | 'testId' | 'closeLabel'> & { children: ReactNode };

// Mounted only while open, in a portal over a backdrop: the part every dialog shares.
function DialogRoot({ open, onClose, scrollBehavior, role, closeOnInteractOutside, children }: RootProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !d.open && onClose()}
      lazyMount
      unmountOnExit
      scrollBehavior={scrollBehavior}
      role={role}
      closeOnInteractOutside={closeOnInteractOutside}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>{children}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function DialogClose({ label }: { label: string }) {
  return (
    <Dialog.CloseTrigger asChild>
      <CloseButton size="sm" aria-label={label} />
    </Dialog.CloseTrigger>
  );
}

/**
 * The skeleton every dialog shares: mounted only while open, rendered in a portal over a backdrop,
 * with a labelled close button. The caller puts its own header, body and footer inside.
 */
export function DialogFrame({ children, testId, closeLabel = messages.common.close, ...root }: DialogFrameProps) {
  return (
    <DialogRoot {...root}>
      <Dialog.Content data-testid={testId}>
        {children}
        <DialogClose label={closeLabel} />
      </Dialog.Content>
    </DialogRoot>
  );
}

export interface ContentDialogProps extends DialogFrameProps {
  title: ReactNode;
  /** Buttons under the body (none when absent). */
  footer?: ReactNode;
}

/** A dialog with a title, a body and optional footer buttons. */
export function ContentDialog({ title, footer, children, ...frame }: ContentDialogProps) {
  return (
    <DialogFrame {...frame}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body pb={footer ? undefined : 6}>{children}</Dialog.Body>
      {footer ? <Dialog.Footer>{footer}</Dialog.Footer> : null}
    </DialogFrame>
  );
}

export interface ConfirmDialogProps extends Omit<DialogFrameProps, 'children'> {
  title: ReactNode;
  /** What is being confirmed. */
  children: ReactNode;
  onConfirm: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button shows a spinner (the action is running). */
  busy?: boolean;
  /** The confirm button stays off while false (a required tick or text missing). */
  canConfirm?: boolean;
  /** `red` for a destructive action. */
  confirmPalette?: string;
}

/** A yes/no dialog; the caller runs the action and closes it. */
export function ConfirmDialog({
  title,
  children,
  onConfirm,
  confirmLabel = messages.common.yes,
  cancelLabel = messages.common.no,
  busy,
  canConfirm = true,
  confirmPalette = 'brand',
  ...frame
}: ConfirmDialogProps) {
  return (
    <ContentDialog
      {...frame}
      title={title}
      footer={
        <>
          <Button variant="ghost" onClick={frame.onClose}>
            {cancelLabel}
          </Button>
          <Button colorPalette={confirmPalette} onClick={onConfirm} loading={busy} disabled={!canConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </ContentDialog>
  );
}

export interface FormDialogProps<I extends FieldValues, O> extends Omit<DialogFrameProps, 'testId'> {
  /** The form's test id (the `<form>` is the dialog's content box). */
  testId?: string;
  title: ReactNode;
  /** The dialog's form (`useZodForm`); its schema's messages show at the fields. */
  form: UseFormReturn<I, unknown, O>;
  /** Runs with the valid values; set a form error (`FORM_ERROR`) to show a refusal under the fields. */
  onSubmit: (values: O) => unknown;
  submitLabel: string;
  cancelLabel: string;
  /** The submit button stays off (e.g. after a success, while the dialog closes). */
  submitDisabled?: boolean;
  /** Shown under the form error (a success line, a hint). */
  after?: ReactNode;
  submitPalette?: string;
}

/** A dialog that is one form: fields, the form's error, cancel and submit (spinning while submitting). */
export function FormDialog<I extends FieldValues, O>({
  title,
  form,
  onSubmit,
  submitLabel,
  cancelLabel,
  submitDisabled,
  after,
  submitPalette = 'brand',
  testId,
  children,
  closeLabel = messages.common.close,
  ...root
}: FormDialogProps<I, O>) {
  return (
    <DialogRoot {...root}>
      {/* The <form> is the content box itself, so Enter in any field submits the whole dialog. */}
      <Dialog.Content asChild>
        <Form form={form} onSubmit={onSubmit} data-testid={testId}>
          <Dialog.Header>
            <Dialog.Title>{title}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap={3}>
              {children}
              <FormError />
              {after}
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="ghost" onClick={root.onClose}>
              {cancelLabel}
            </Button>
            <Button type="submit" colorPalette={submitPalette} loading={form.formState.isSubmitting} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </Dialog.Footer>
          <DialogClose label={closeLabel} />
        </Form>
      </Dialog.Content>
    </DialogRoot>
  );
}
