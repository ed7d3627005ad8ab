import { useMutation, useQuery } from '@tanstack/react-query';
import { format } from 'shared-kernel/messages';
import { formatTallinnShort } from 'shared-kernel/time';
import { Box, Button, Field, Flex, Heading, Input, Stack, Text, QueryView, notify } from 'shared-kernel/ui';
import { ownerTexts } from '../../messages/et';
import { CopyButton } from '../copy-button';
import { calendarLinkQueryOptions } from './api/get-calendar-link';
import { createCalendarLinkMutationOptions } from './api/create-calendar-link';
import { revokeCalendarLinkMutationOptions } from './api/revoke-calendar-link';
import type { CalendarScope } from './model/calendar-scope';

const t = ownerTexts.calendarSync;

/**
 * The scope's private calendar link: made, copied, made anew (the old one stops working) or
 * revoked. Only a hash of the link is stored, so its URL is shown right after it is made.
 */
export function CalendarLinkPanel({ scope }: { scope: CalendarScope }) {
  const query = useQuery(calendarLinkQueryOptions(scope));
  const create = useMutation(createCalendarLinkMutationOptions(scope));
  const revoke = useMutation(revokeCalendarLinkMutationOptions(scope));
  const headingId = `calendar-link-${scope}`;

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify({ type: 'success', message: done });
    } catch {
      notify({ type: 'warning', message: t.actionFailed });
    }
  };

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h3" id={headingId} size="sm" mb={1}>
        {t.exportTitle}
      </Heading>
      <Text fontSize="sm" color="gray.700" mb={2}>
        {scope === 'all' ? t.allIntro : t.exportIntro}
      </Text>
      <QueryView query={query}>
        {({ link }) => (
          <Stack gap={2}>
            {link?.url ? (
              <>
                <Field.Root>
                  <Field.Label>{t.linkLabel}</Field.Label>
                  <Input value={link.url} readOnly fontFamily="mono" fontSize="sm" onFocus={(e) => e.currentTarget.select()} />
                </Field.Root>
                <CopyButton text={link.url} label={t.copy} failedText={t.copyFailed} />
              </>
            ) : (
              <Text>{link ? format(t.linkMade, { date: formatTallinnShort(link.createdTs) }) : t.noLink}</Text>
            )}
            <Flex gap={2} wrap="wrap">
              <Button
                size="sm"
                variant="outline"
                loading={create.isPending}
                onClick={() => void run(() => create.mutateAsync(), t.created)}
              >
                {link ? t.regenerate : t.create}
              </Button>
              {link ? (
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  loading={revoke.isPending}
                  onClick={() => void run(() => revoke.mutateAsync(), t.revoked)}
                >
                  {t.revoke}
                </Button>
              ) : null}
            </Flex>
            {link ? (
              <Text fontSize="sm" color="gray.600">
                {t.regenerateHint}
              </Text>
            ) : null}
          </Stack>
        )}
      </QueryView>
    </Box>
  );
}
