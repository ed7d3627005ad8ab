import { mutationOptions } from '@tanstack/react-query';
import { refreshSession, type SessionUser } from 'shared-kernel/session';
import { saveContactInfo } from './save-contact-info';
import { updateUserSettings } from './update-user-settings';
import type { ProfileChanges } from '../model/profile-form';

/** Saves only what changed: the e-mail and phone contacts and the account number. */
export async function saveProfile({ user, changes }: { user: SessionUser; changes: ProfileChanges }): Promise<void> {
  for (const contact of changes.contacts) await saveContactInfo({ userId: user.id, ...contact });
  if (changes.accountNr !== undefined) await updateUserSettings({ userId: user.id, settings: { accountNr: changes.accountNr } });
}

export function saveProfileMutationOptions() {
  return mutationOptions({ mutationFn: saveProfile, onSettled: () => refreshSession() });
}
