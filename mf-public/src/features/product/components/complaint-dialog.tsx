import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, CloseButton, Dialog, Field, Portal, Stack, Text, Textarea } from 'shared-kernel/ui';
import { isApiError } from 'shared-kernel/api';
import { problemReportErrorMessage, TIMINGS } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { postProblem } from '../api/post-problem';

/** The owner's complaint about a rental. Text required ('Probleem on sõnastamata.'). */
export function ComplaintDialog({ open, onClose, productId, userId }: { open: boolean; onClose: () => void; productId: number; userId: number }) {
  const t = messages.product;
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!comment.trim()) {
      setError(messages.validation.problemMissing);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await postProblem({ userId, productId, comment: comment.trim() });
      setDone(true);
      timer.current = setTimeout(() => {
        setDone(false);
        setComment('');
        onClose();
      }, TIMINGS.feedbackDialogCloseMs);
    } catch (err) {
      // A catalogue text, never the server's own message.
      setError(problemReportErrorMessage(isApiError(err) ? err : null));
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
            <form onSubmit={(e: FormEvent) => void submit(e)} noValidate data-testid="complaint-dialog">
              <Dialog.Header>
                <Dialog.Title>{t.complaintTitle}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={3}>
                  <Field.Root required invalid={Boolean(error)}>
                    <Field.Label>
                      {t.complaintLabel}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Textarea name="problem" value={comment} maxLength={4000} onChange={(e) => setComment(e.target.value)} />
                  </Field.Root>
                  {error ? (
                    <Text color="red.600" role="alert">
                      {error}
                    </Text>
                  ) : null}
                  {done ? (
                    <Text color="green.600" role="status">
                      {messages.common.saveSucceeded}
                    </Text>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="ghost" onClick={onClose}>
                  {t.cancel}
                </Button>
                <Button type="submit" colorPalette="brand" loading={busy} disabled={done}>
                  {t.complaintSend}
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
