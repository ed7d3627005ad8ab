import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format, messages } from 'shared-kernel/messages';
import { useSession } from 'shared-kernel/session';
import { Badge, Box, Button, HStack, Stack, Text } from 'shared-kernel/ui';
import { AppLink } from '../../../components/app-link';
import { unreadCountsQueryOptions } from '../../../components/api/get-unread-counts';
import { useLiveStream } from '../../../components/live/live-client';
import { messagingTexts } from '../../../messages/et';
import { notificationsQueryOptions } from '../api/get-notifications';
import { markNotificationsReadMutationOptions } from '../api/mark-notifications-read';
import { relativeTime } from '../model/relative-time';
import { rentalLink } from '../model/rental-link';

const t = messagingTexts.badges;

function CountBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <Badge colorPalette="red" variant="solid" aria-hidden="true">
      {count}
    </Badge>
  );
}

function NotificationList({ me, onNavigate }: { me: number; onNavigate: () => void }) {
  const list = useQuery(notificationsQueryOptions(me));
  if (list.isPending) return <Text color="gray.600">{messages.common.loading}</Text>;
  if (list.isError) return <Text color="red.600">{messages.common.loadFailed}</Text>;
  if (list.data.length === 0) return <Text color="gray.600">{t.noNotifications}</Text>;
  return (
    <Stack as="ul" gap={2} listStyleType="none" m={0} p={0}>
      {list.data.map((n) => {
        const link = rentalLink(n);
        return (
          <Box as="li" key={n.id} borderBottomWidth="1px" pb={2}>
            <Text fontWeight={n.read ? 'normal' : 'bold'}>{n.message}</Text>
            <HStack justify="space-between" fontSize="sm" color="gray.600">
              <time dateTime={n.createdTs}>{relativeTime(n.createdTs)}</time>
              {link ? (
                <AppLink to={link} onNavigate={onNavigate}>
                  {t.openRental}
                </AppLink>
              ) : null}
            </HStack>
          </Box>
        );
      })}
    </Stack>
  );
}

function SignedInBadges({ me }: { me: number }) {
  const live = useLiveStream(me);
  const counts = useQuery(unreadCountsQueryOptions(me, live !== 'down'));
  const client = useQueryClient();
  const markRead = useMutation(markNotificationsReadMutationOptions(me));
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  // A menu closes when the user clicks anywhere else.
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const toggle = () => {
    if (open) {
      setOpen(false);
      return;
    }
    setOpen(true);
    // Spec: opening the menu loads all notifications and marks them read; read after they arrived,
    // so the list still shows which ones were new.
    void client
      .fetchQuery(notificationsQueryOptions(me))
      .then(() => markRead.mutate())
      .catch(() => undefined);
  };

  const messageCount = counts.data?.messages;
  const notificationCount = counts.data?.notifications;
  return (
    <HStack gap={3} position="relative" ref={root}>
      <AppLink to="/auth/messages" aria-label={messageCount === undefined ? t.messages : format(t.messagesLabel, { count: messageCount })}>
        <HStack gap={1} as="span">
          <span>{t.messages}</span> <CountBadge count={messageCount} />
        </HStack>
      </AppLink>
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls="rendime-notifications"
        aria-label={notificationCount === undefined ? t.notifications : format(t.notificationsLabel, { count: notificationCount })}
        onClick={toggle}
      >
        {/* The space keeps the label's words apart from the count's for the name check (WCAG 2.5.3). */}
        {t.notifications} <CountBadge count={notificationCount} />
      </Button>
      {open ? (
        <Box
          id="rendime-notifications"
          role="region"
          aria-label={t.notifications}
          position="absolute"
          top="100%"
          right={0}
          zIndex="dropdown"
          bg="white"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="md"
          p={3}
          w="sm"
          maxH="70vh"
          overflowY="auto"
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        >
          <NotificationList me={me} onNavigate={() => setOpen(false)} />
        </Box>
      ) : null}
    </HStack>
  );
}

/** The top bar's unread messages and notifications; nothing while signed out. */
export function UnreadBadges() {
  const me = useSession((s) => s.user?.id);
  if (me === undefined) return null;
  return <SignedInBadges me={me} />;
}
