import { useState } from 'react';
import { useParams } from 'shared-kernel/router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Box, Button, Heading, Stack, Text, QueryView } from 'shared-kernel/ui';
import { format, messages } from 'shared-kernel/messages';
import { formatPeriod } from '../../../components/format-period';
import { bookingTexts } from '../../../messages/et';
import { cancelByHashMutationOptions } from '../api/cancel-by-hash';
import { cancelByHashQueryOptions } from '../api/get-cancel-by-hash';
import { ConfirmDialog } from 'shared-kernel/overlays';

const t = bookingTexts.cancelPage;

/** /public/reservation-cancel/:hash/:name (spec 2.11): a manual rent shown as booked with a cancel link, anything else as cancelled. */
export function CancelPage() {
  const { hash = '', name = '' } = useParams();
  const query = useQuery(cancelByHashQueryOptions(hash, name));
  const cancel = useMutation(cancelByHashMutationOptions());
  const [open, setOpen] = useState(false);

  const confirm = () =>
    cancel.mutate(
      { hash, name },
      {
        onSettled: () => setOpen(false),
      },
    );

  return (
    <Box w="100%" maxW="2xl" mx="auto" py={6}>
      <QueryView query={query} notFound={messages.errors.reservation.notFound}>
        {(answer) =>
          answer.status === 'MANUAL' ? (
            <Stack gap={3}>
              <Heading as="h1" size="2xl">
                {t.confirmedTitle}
              </Heading>
              <Text fontWeight="bold">{answer.productName}</Text>
              <Text>{format(t.period, { period: formatPeriod(answer.startTs, answer.endTs) })}</Text>
              <Text>{t.rules}</Text>
              {cancel.isError ? (
                <Text role="alert" color="red.600">
                  {messages.errors.cancel.bookingNotCancellable}
                </Text>
              ) : null}
              <Box>
                <Button variant="plain" colorPalette="brand" textDecoration="underline" px={0} onClick={() => setOpen(true)}>
                  {t.cancelLink}
                </Button>
              </Box>
              <ConfirmDialog
                open={open}
                onClose={() => setOpen(false)}
                title={t.confirmTitle}
                onConfirm={confirm}
                busy={cancel.isPending}
                testId="cancel-confirm"
              >
                <Text>{t.confirmQuestion}</Text>
              </ConfirmDialog>
            </Stack>
          ) : (
            <Stack gap={3}>
              <Heading as="h1" size="2xl">
                {t.cancelledTitle}
              </Heading>
              <Text fontWeight="bold">{answer.productName}</Text>
              <Text>{format(t.period, { period: formatPeriod(answer.startTs, answer.endTs) })}</Text>
            </Stack>
          )
        }
      </QueryView>
    </Box>
  );
}
