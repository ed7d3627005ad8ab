import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal, Stack, Text } from 'shared-kernel/ui';
import { TIMINGS } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  testId: string;
  title: string;
  submitLabel: string;
  successText: string;
  /** A validation message, or null when the form may be sent. */
  validate: () => string | null;
  /** Sends the form; a thrown error is turned into the text shown under the fields. */
  send: () => Promise<unknown>;
  errorText: (error: unknown) => string;
  /** Called after the success text has shown for its 1.5 s, just before the dialog closes. */
  onClosedAfterSuccess?: () => void;
  /** The fields; `error` is the current message so a field can mark itself invalid. */
  children: (error: string | null) => ReactNode;
}

/** A product-page dialog with one form: validate, send, show success, close after 1.5 s. */
export function FormDialog({ open, onClose, testId, title, submitLabel, successText, validate, send, errorText, onClosedAfterSuccess, children }: FormDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = validate();
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send();
      setDone(true);
      timer.current = setTimeout(() => {
        setDone(false);
        onClosedAfterSuccess?.();
        onClose();
      }, TIMINGS.feedbackDialogCloseMs);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={(e: FormEvent) => void submit(e)} noValidate data-testid={testId}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={3}>
                  {children(error)}
                  {error ? (
                    <Text color="red.600" role="alert">
                      {error}
                    </Text>
                  ) : null}
                  {done ? (
                    <Text color="green.600" role="status">
                      {successText}
                    </Text>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="ghost" onClick={onClose}>
                  {messages.product.cancel}
                </Button>
                <Button type="submit" colorPalette="brand" loading={busy} disabled={done}>
                  {submitLabel}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={messages.common.close} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
