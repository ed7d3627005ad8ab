import type { ReactNode } from 'react';
import { Button, CloseButton, Portal } from 'shared-kernel/ui';
import { Dialog } from 'shared-kernel/overlays';
import { messages } from 'shared-kernel/messages';
import { bookingTexts } from '../messages/et';

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  busy?: boolean;
  /** The confirm button stays off while false (a required tick or text missing). */
  canConfirm?: boolean;
  testId?: string;
}

/** A yes/no dialog; the caller runs the action and closes it. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  confirmLabel = bookingTexts.flowCommon.yes,
  cancelLabel = bookingTexts.flowCommon.no,
  onConfirm,
  busy,
  canConfirm = true,
  testId,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={onClose}>
                {cancelLabel}
              </Button>
              <Button colorPalette="brand" onClick={onConfirm} loading={busy} disabled={!canConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={messages.common.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
