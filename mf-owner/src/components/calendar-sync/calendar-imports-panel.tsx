import { useMutation, useQuery } from '@tanstack/react-query';
import { isApiError } from 'shared-kernel/api';
import { Form, FormError, FormField, FORM_ERROR, serverError, useZodForm } from 'shared-kernel/forms';
import { format } from 'shared-kernel/messages';
import { NewCalendarImport, type CalendarImport } from 'shared-kernel/schemas';
import { formatTallinnShort } from 'shared-kernel/time';
import { Box, Button, Flex, Heading, Stack, Text, QueryView, notify } from 'shared-kernel/ui';
import { ownerTexts } from '../../messages/et';
import { calendarImportsQueryOptions } from './api/get-calendar-imports';
import { addCalendarImportMutationOptions } from './api/add-calendar-import';
import { removeCalendarImportMutationOptions } from './api/remove-calendar-import';
import { refreshCalendarImportMutationOptions } from './api/refresh-calendar-import';
import { feedErrorText, feedWarningText } from './model/calendar-scope';

const t = ownerTexts.calendarSync;
type Values = { url: string };

function ImportRow({ productId, row }: { productId: number; row: CalendarImport }) {
  const remove = useMutation(removeCalendarImportMutationOptions());
  const refresh = useMutation(refreshCalendarImportMutationOptions());
  const ids = { productId, importId: row.id };
  const firstRead = row.pending && row.lastAttemptTs === null;
  const run = async (action: () => Promise<unknown>, done?: string) => {
    try {
      await action();
      if (done) notify({ type: 'success', message: done });
    } catch {
      notify({ type: 'warning', message: t.actionFailed });
    }
  };
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p={2} data-testid="calendar-import">
      {/* The address as text: whatever the owner typed is never markup. */}
      <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
        {row.url}
      </Text>
      {row.pending ? (
        <Text role="status" fontSize="sm" fontWeight="semibold">
          {t.reading}
        </Text>
      ) : null}
      {/* A calendar being read for the first time has no reading to tell of yet. */}
      {firstRead ? null : (
        <>
          <Text fontSize="sm">
            {row.lastSuccessTs ? format(t.lastSuccess, { date: formatTallinnShort(row.lastSuccessTs) }) : t.neverRead}
          </Text>
          <Text fontSize="sm">{format(t.blocked, { count: row.blockedCount })}</Text>
        </>
      )}
      {row.error ? (
        <Text role="alert" fontSize="sm" color="red.600">
          {format(t.problem, { text: feedErrorText(row.error) })}
        </Text>
      ) : null}
      {row.warning ? (
        <Text fontSize="sm" color="orange.800" data-testid="calendar-import-too-many">
          {feedWarningText(row.warning)}
        </Text>
      ) : null}
      <Flex gap={2} mt={1}>
        <Button
          size="xs"
          variant="outline"
          loading={refresh.isPending || row.pending}
          onClick={() => void run(() => refresh.mutateAsync(ids))}
        >
          {t.refresh}
        </Button>
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          loading={remove.isPending}
          onClick={() => void run(() => remove.mutateAsync(ids), t.removed)}
        >
          {t.remove}
        </Button>
      </Flex>
    </Box>
  );
}

/** The outside calendars a product follows (issue 32): each one's state, and a form to add one. */
export function CalendarImportsPanel({ productId }: { productId: number }) {
  const query = useQuery(calendarImportsQueryOptions(productId));
  const add = useMutation(addCalendarImportMutationOptions());
  const form = useZodForm(NewCalendarImport, { defaultValues: { url: '' } });

  const submit = async (body: NewCalendarImport) => {
    try {
      await add.mutateAsync({ productId, body });
      form.reset({ url: '' });
      // Read on the job queue: its row says "being read" until the result is in.
      notify({ type: 'success', message: t.added });
    } catch (error) {
      // The server's own Estonian text. One about the address (refused, a duplicate) sits on the
      // field, so the field reads as invalid and names its error; too many calendars is the form's.
      if (isApiError(error) && (error.code === 'VALIDATION_ERROR' || error.code === 'DUPLICATE')) {
        form.setError('url', serverError(error.message), { shouldFocus: true });
        return;
      }
      form.setError(FORM_ERROR, serverError(isApiError(error) ? error.message : t.actionFailed));
    }
  };

  return (
    <Box as="section" aria-labelledby={`calendar-imports-${productId}`}>
      <Heading as="h3" id={`calendar-imports-${productId}`} size="sm" mb={1}>
        {t.importTitle}
      </Heading>
      <Text fontSize="sm" color="gray.700" mb={2}>
        {t.importIntro}
      </Text>
      <QueryView query={query}>
        {(rows) =>
          rows.length === 0 ? (
            <Text mb={2}>{t.noImports}</Text>
          ) : (
            <Stack as="ul" aria-label={t.importsLabel} gap={2} listStyleType="none" p={0} mb={2}>
              {rows.map((row) => (
                <ImportRow key={row.id} productId={productId} row={row} />
              ))}
            </Stack>
          )
        }
      </QueryView>
      <Form form={form} onSubmit={submit} aria-label={t.add}>
        <Stack gap={2}>
          {/* No maxLength: a cut address would be saved wrong; the schema refuses a long one in words. */}
          <FormField<Values> name="url" label={t.urlLabel} required placeholder="https://" />
          <FormError />
          <Box>
            <Button type="submit" size="sm" colorPalette="brand" loading={add.isPending}>
              {t.add}
            </Button>
          </Box>
        </Stack>
      </Form>
    </Box>
  );
}
