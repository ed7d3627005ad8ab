import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { refreshSession } from 'shared-kernel/session';
import { UserSettingsUpdate } from 'shared-kernel/schemas';

/** `PUT /users/{id}/update`: the profile's own settings (e-mails, VAT status, account number). */
export function updateUserSettings({ userId, settings }: { userId: number; settings: UserSettingsUpdate }): Promise<unknown> {
  return getApi().put(`/users/${userId}/update`, { body: UserSettingsUpdate.parse(settings) });
}

/** The session carries these settings, so every slice sees the change once it is saved. */
export function updateUserSettingsMutationOptions() {
  return mutationOptions({ mutationFn: updateUserSettings, onSuccess: () => refreshSession() });
}
