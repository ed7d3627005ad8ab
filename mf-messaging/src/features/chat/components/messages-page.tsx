import { SlicePage } from 'shared-kernel/platform';
import { useSession } from 'shared-kernel/session';
import { messages, format } from 'shared-kernel/messages';

export function MessagesPage() {
  const user = useSession((s) => s.user);
  const name = user ? [user.name, user.lastName].filter(Boolean).join(' ') : '';
  return <SlicePage title={messages.messaging.messagesTitle} subtitle={format(messages.messaging.signedInAs, { name })} />;
}
