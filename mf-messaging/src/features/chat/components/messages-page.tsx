import { useEffect, useRef } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'shared-kernel/router';
import { messages } from 'shared-kernel/messages';
import { SlicePage } from 'shared-kernel/platform';
import { useSession } from 'shared-kernel/session';
import { Box, ErrorFallback, Grid, Loader, Text } from 'shared-kernel/ui';
import { useLiveStream } from '../../../components/live/live-client';
import { messagingTexts } from '../../../messages/et';
import { chatPartiesQueryOptions } from '../api/get-chat-parties';
import { markThreadsReadMutationOptions } from '../api/mark-threads-read';
import { ChatThread } from './chat-thread';
import { PartyList } from './party-list';

const t = messagingTexts.chat;

function partyFrom(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2147483647 ? id : null;
}

function Conversations({ me }: { me: number }) {
  useLiveStream(me);
  const [search, setSearch] = useSearchParams();
  const parties = useQuery(chatPartiesQueryOptions(me));
  const selected = partyFrom(search.get('party'));
  const { mutate: markRead } = useMutation(markThreadsReadMutationOptions(me));

  // Spec: opening the message list marks the threads read. Once per unread message seen in the
  // list (a thread that gets a newer one while the list is open is marked again); the list keeps
  // showing them in bold until a thread is opened.
  const unread = (parties.data ?? [])
    .filter((p) => !p.seen)
    .map((p) => `${p.id}@${p.lastMessageTs ?? ''}`)
    .join(' ');
  const marked = useRef(new Set<string>());
  useEffect(() => {
    const fresh = unread.split(' ').filter((key) => key !== '' && !marked.current.has(key));
    if (fresh.length === 0) return;
    for (const key of fresh) marked.current.add(key);
    markRead();
  }, [unread, markRead]);

  const select = (partyId: number) =>
    setSearch((params) => {
      const next = new URLSearchParams(params);
      next.set('party', String(partyId));
      return next;
    });

  if (parties.isPending) return <Loader minH={24} />;
  if (parties.isError) return <ErrorFallback message={t.loadFailed} onRetry={() => void parties.refetch()} />;
  if (parties.data.length === 0 && selected === null) return <Text color="gray.600">{messages.common.noMessages}</Text>;
  return (
    <Grid templateColumns={{ base: '5.5rem 1fr', md: '11rem 1fr' }} gap={{ base: 2, md: 6 }} alignItems="start">
      <Box as="nav" aria-label={t.parties}>
        {parties.data.length === 0 ? (
          <Text color="gray.600">{messages.common.noMessages}</Text>
        ) : (
          <PartyList parties={parties.data} selected={selected} onSelect={select} />
        )}
      </Box>
      <Box minW={0}>
        {selected === null ? <Text color="gray.600">{t.choose}</Text> : <ChatThread key={selected} me={me} partyId={selected} />}
      </Box>
    </Grid>
  );
}

/** `/auth/messages`: parties on the left, the open thread on the right; `?party={userId}` opens one directly. */
export function MessagesPage() {
  const me = useSession((s) => s.user?.id);
  return <SlicePage title={messagingTexts.chat.title}>{me === undefined ? null : <Conversations me={me} />}</SlicePage>;
}
