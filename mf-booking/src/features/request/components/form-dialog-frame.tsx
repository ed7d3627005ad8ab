import type { ReactNode } from 'react';
import { CloseButton, Portal } from 'shared-kernel/ui';
import { Dialog } from 'shared-kernel/overlays';
import { messages } from 'shared-kernel/messages';

/** The dialog around one of the page's forms (the form itself is the dialog's content). */
export function FormDialogFrame({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={messages.common.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
