import { useState } from 'react';
import { Box, Button, Text } from 'shared-kernel/ui';
import { RemoteWidget, widgets } from 'shared-kernel/platform';
import { bookingTexts } from '../../../messages/et';

/** 'Kirjuta': the messaging slice's dialog to the other party (issue 13); a note until it exists. */
export function MessageButton({ toUserId, productId, reservationId }: { toUserId: number; productId: number; reservationId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Box>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        {bookingTexts.request.write}
      </Button>
      {open ? (
        <RemoteWidget
          contract={widgets.messageDialog}
          props={{ open, onClose: () => setOpen(false), toUserId, productId, reservationId }}
          unavailable={
            <Text role="status" color="gray.600" mt={2}>
              {bookingTexts.request.messagingUnavailable}
            </Text>
          }
        />
      ) : null}
    </Box>
  );
}
