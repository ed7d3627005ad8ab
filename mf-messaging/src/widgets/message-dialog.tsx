import type { widgets, WidgetComponent } from 'shared-kernel/platform';
import { MessageDialog } from '../features/message-dialog/components/message-dialog';

/**
 * Exposed as `mf-messaging/message-dialog`: the 'write to the owner/renter' dialog of mf-public's
 * product page and mf-booking's request page. `productId` and `reservationId` say where it was
 * opened from; the message itself goes to the thread between the two users.
 */
export const Widget: WidgetComponent<typeof widgets.messageDialog> = (props) => <MessageDialog {...props} />;
