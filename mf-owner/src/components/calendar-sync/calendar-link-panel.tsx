import { useEffect, useRef, useState } from 'react';
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
 * Revoking breaks every calendar subscribed to the link, so it is asked first. Inline, not a
 * dialog over the dialog: focus goes to 'Ei' (the safe answer) and back to 'Tühista link' on Ei.
 */
function RevokeQuestion({ scope, busy, onYes, onNo }: { scope: CalendarScope; busy: boolean; onYes: () => void; onNo: () => void }) {
  const no = useRef<HTMLButtonElement>(null);
  const questionId = `calendar-link-revoke-${scope}`;
  useEffect(() => no.current?.focus(), []);
  return (
    <Box role="group" aria-labelledby={questionId} borderWidth="1px" borderColor="red.300" borderRadius="md" p={2}>
      <Text id={questionId} fontSize="sm" mb={2}>
        {t.revokeQuestion}
      </Text>
      <Flex gap={2} wrap="wrap">
        <Button size="sm" colorPalette="red" loading={busy} onClick={onYes}>
          {t.revokeConfirm}
        </Button>
        <Button ref={no} size="sm" variant="outline" onClick={onNo}>
          {t.revokeCancel}
        </Button>
      </Flex>
    </Box>
  );
}

/**
 * The scope's private calendar link: made, copied, made anew (the old one stops working) or
 * revoked. Only a hash of the link is stored, so its URL is shown right after it is made.
 */
export function CalendarLinkPanel({ scope }: { scope: CalendarScope }) {
  const query = useQuery(calendarLinkQueryOptions(scope));
  const create = useMutation(createCalendarLinkMutationOptions(scope));
  const revoke = useMutation(revokeCalendarLinkMutationOptions(scope));
  const headingId = `calendar-link-${scope}`;
  const [asking, setAsking] = useState(false);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  // Where focus goes once the question is gone: back to the button that asked, or after a revoke
  // to 'Loo link' (the revoke button is gone then).
  const focusAfter = useRef<'revoke' | 'create' | null>(null);
  useEffect(() => {
    if (asking || !focusAfter.current) return;
    (focusAfter.current === 'revoke' ? revokeButton : createButton).current?.focus();
    focusAfter.current = null;
  });

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
            {link && asking ? (
              <RevokeQuestion
                scope={scope}
                busy={revoke.isPending}
                onYes={() =>
                  void run(() => revoke.mutateAsync(), t.revoked).then(() => {
                    focusAfter.current = 'create';
                    setAsking(false);
                  })
                }
                onNo={() => {
                  focusAfter.current = 'revoke';
                  setAsking(false);
                }}
              />
            ) : (
              <Flex gap={2} wrap="wrap">
                <Button
                  ref={createButton}
                  size="sm"
                  variant="outline"
                  loading={create.isPending}
                  onClick={() => void run(() => create.mutateAsync(), t.created)}
                >
                  {link ? t.regenerate : t.create}
                </Button>
                {link ? (
                  <Button ref={revokeButton} size="sm" variant="outline" colorPalette="red" onClick={() => setAsking(true)}>
                    {t.revoke}
                  </Button>
                ) : null}
              </Flex>
            )}
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
