import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, CloseButton, Dialog, Field, NativeSelect, Portal, Stack, Text, Textarea } from 'shared-kernel/ui';
import { isApiError } from 'shared-kernel/api';
import { feedbackErrorMessage, TIMINGS } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { postFeedback } from '../api/post-feedback';

const RATINGS = [5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1];

/** Renter's review. Rating required ('Hinnang on puudu.'); success closes after 1.5 s. */
export function FeedbackDialog({ open, onClose, productId, userId, onSaved }: { open: boolean; onClose: () => void; productId: number; userId: number; onSaved: () => void }) {
  const t = messages.product;
  const [rating, setRating] = useState('');
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
    if (!rating) {
      setError(messages.validation.ratingMissing);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await postFeedback({ userId, productId, rating: Number(rating), comment: comment.trim() });
      setDone(true);
      onSaved();
      timer.current = setTimeout(() => {
        setDone(false);
        setRating('');
        setComment('');
        onClose();
      }, TIMINGS.feedbackDialogCloseMs);
    } catch (err) {
      setError(feedbackErrorMessage(isApiError(err) ? err.message : null));
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
            <form onSubmit={(e: FormEvent) => void submit(e)} noValidate data-testid="feedback-dialog">
              <Dialog.Header>
                <Dialog.Title>{t.feedbackTitle}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={3}>
                  <Field.Root required invalid={error === messages.validation.ratingMissing}>
                    <Field.Label>
                      {t.feedbackRating}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field name="rating" value={rating} onChange={(e) => setRating(e.target.value)}>
                        <option value="">—</option>
                        {RATINGS.map((r) => (
                          <option key={r} value={r}>
                            {r.toLocaleString('et-EE')} ★
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t.feedbackComment}</Field.Label>
                    <Textarea name="comment" value={comment} maxLength={2000} onChange={(e) => setComment(e.target.value)} />
                  </Field.Root>
                  {error ? (
                    <Text color="red.600" role="alert">
                      {error}
                    </Text>
                  ) : null}
                  {done ? (
                    <Text color="green.600" role="status">
                      {messages.errors.feedback.succeeded}
                    </Text>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="ghost" onClick={onClose}>
                  {t.cancel}
                </Button>
                <Button type="submit" colorPalette="brand" loading={busy} disabled={done}>
                  {t.feedbackSend}
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
