import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { isApiError } from 'shared-kernel/api';
import { Form, FormError, FormField, FORM_ERROR, serverError, useZodForm } from 'shared-kernel/forms';
import { format, messages } from 'shared-kernel/messages';
import { MESSAGE_MAX, type ChatMessage } from 'shared-kernel/schemas';
import { formatTallinnShort } from 'shared-kernel/time';
import { Box, Button, ErrorFallback, Heading, Loader, Stack, Text } from 'shared-kernel/ui';
import { MessageForm, type MessageFormValues } from '../../../components/message-form';
import { messagingTexts } from '../../../messages/et';
import { chatHistoryQueryOptions } from '../api/get-chat-history';
import { FULL_HISTORY_LIMIT, THREAD_LIMIT } from '../model/history-limits';
import { markThreadSeenMutationOptions } from '../api/mark-thread-seen';
import { sendChatMessageMutationOptions } from '../api/send-chat-message';

const t = messagingTexts.chat;

function MessageBubble({ message }: { message: ChatMessage }) {
  return (
    <Box
      as="li"
      alignSelf={message.isMine ? 'flex-end' : 'flex-start'}
      maxW="80%"
      bg={message.isMine ? 'blue.50' : 'gray.100'}
      borderRadius="md"
      px={3}
      py={2}
      data-pending={message.id < 0 ? 'true' : undefined}
    >
      {/* Plain text: what users write is never rendered as HTML. */}
      <Text whiteSpace="pre-wrap" wordBreak="break-word">
        {message.message}
      </Text>
      <Text fontSize="xs" color="gray.600">
        <time dateTime={message.createdTs}>{formatTallinnShort(message.createdTs)}</time>
      </Text>
    </Box>
  );
}

function SendForm({ me, partyId, limit }: { me: number; partyId: number; limit: number }) {
  const send = useMutation(sendChatMessageMutationOptions(me, partyId, limit));
  const form = useZodForm(MessageForm, { defaultValues: { message: '' } });

  const submit = async ({ message }: { message: string }) => {
    form.reset({ message: '' });
    try {
      await send.mutateAsync(message);
    } catch (error) {
      // The stand-in is gone again; the text comes back so nothing typed is lost.
      form.setValue('message', message);
      form.setError(FORM_ERROR, serverError(isApiError(error, 'RATE_LIMITED') ? messages.errors.abuse.tooManyMessages : t.sendFailed));
    }
  };

  if (me === partyId) return <Text color="red.600">{messages.validation.messageToSelf}</Text>;
  return (
    <Form form={form} onSubmit={submit}>
      <Stack gap={2}>
        <FormField<MessageFormValues> name="message" label={t.newMessage} required multiline rows={3} maxLength={MESSAGE_MAX} />
        <FormError />
        <Button type="submit" alignSelf="flex-end">
          {t.send}
        </Button>
      </Stack>
    </Form>
  );
}

/** One conversation: the last 6 messages (or 100), marked seen when opened and when a new one arrives. */
export function ChatThread({ me, partyId }: { me: number; partyId: number }) {
  const [limit, setLimit] = useState(THREAD_LIMIT);
  const history = useQuery(chatHistoryQueryOptions(me, partyId, limit));
  const { mutate: markSeen } = useMutation(markThreadSeenMutationOptions(me));
  // Null until the thread has loaded; then it changes only when a new message from the party arrives.
  const seenMark = history.isSuccess ? String(history.data.messages.filter((m) => !m.isMine).at(-1)?.id ?? 'none') : null;

  // Opening the thread, and every message that arrives while it is open, counts as seen.
  useEffect(() => {
    if (seenMark !== null) markSeen(partyId);
  }, [markSeen, partyId, seenMark]);

  if (history.isPending) return <Loader minH={24} />;
  if (history.isError) return <ErrorFallback message={t.loadFailed} onRetry={() => void history.refetch()} />;
  const { messages: list, total, otherPartyName } = history.data;
  return (
    <Stack gap={3} as="section" aria-label={format(t.thread, { name: otherPartyName })}>
      <Heading as="h2" size="md">
        {otherPartyName}
      </Heading>
      {total > list.length && limit < FULL_HISTORY_LIMIT ? (
        <Button variant="outline" size="sm" alignSelf="center" onClick={() => setLimit(FULL_HISTORY_LIMIT)}>
          {messages.common.loadFullHistory}
        </Button>
      ) : null}
      {list.length === 0 ? (
        <Text color="gray.600">{messages.common.noMessagesToLoad}</Text>
      ) : (
        <Stack as="ul" gap={2} listStyleType="none" m={0} p={0}>
          {list.map((m) => (
            <MessageBubble key={m.id} message={m} />
          ))}
        </Stack>
      )}
      <SendForm me={me} partyId={partyId} limit={limit} />
    </Stack>
  );
}
