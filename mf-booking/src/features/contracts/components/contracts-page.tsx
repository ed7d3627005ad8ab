import { SlicePage } from 'shared-kernel/platform';
import { useSession } from 'shared-kernel/session';
import { messages, format } from 'shared-kernel/messages';

export function ContractsPage() {
  const user = useSession((s) => s.user);
  const name = user ? [user.name, user.lastName].filter(Boolean).join(' ') : '';
  return <SlicePage title={messages.booking.contractsTitle} subtitle={format(messages.booking.signedInAs, { name })} />;
}
