import { Button, Separator, Stack } from 'shared-kernel/ui';
import { ContentDialog } from 'shared-kernel/overlays';
import { format, messages } from 'shared-kernel/messages';
import { ownerTexts } from '../../messages/et';
import { CalendarLinkPanel } from './calendar-link-panel';
import { CalendarImportsPanel } from './calendar-imports-panel';

const t = ownerTexts.calendarSync;

/**
 * Calendar sync of one product, or (`product` null) the owner's all-products link. A dialog, so
 * its data is asked for only when the owner opens it.
 */
export function CalendarSyncDialog({
  product,
  open,
  onClose,
}: {
  product: { id: number; name: string } | null;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <ContentDialog
      open={open}
      onClose={onClose}
      scrollBehavior="inside"
      testId="calendar-sync-dialog"
      title={product ? format(t.title, { name: product.name }) : t.allTitle}
      footer={
        <Button variant="ghost" size="sm" onClick={onClose}>
          {messages.common.close}
        </Button>
      }
    >
      {open ? (
        // The dialog focuses its start, not its first field: the address field, focused while the
        // link still loads, would say 'Kohustuslik' as soon as the owner clicked anything else.
        <Stack gap={4} data-autofocus tabIndex={-1} outline="none">
          <CalendarLinkPanel scope={product ? product.id : 'all'} />
          {product ? (
            <>
              <Separator />
              <CalendarImportsPanel productId={product.id} />
            </>
          ) : null}
        </Stack>
      ) : null}
    </ContentDialog>
  );
}
