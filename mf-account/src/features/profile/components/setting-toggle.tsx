import { useMutation } from '@tanstack/react-query';
import { Checkbox, notify } from 'shared-kernel/ui';
import { messages } from 'shared-kernel/messages';
import type { UserSettingsUpdate } from 'shared-kernel/schemas';
import { updateUserSettingsMutationOptions } from '../api/update-user-settings';

/** A yes/no setting of the profile, saved as soon as it is switched (the session then shows the new value). */
export function SettingToggle({
  userId,
  name,
  checked,
  label,
  testId,
}: {
  userId: number;
  name: 'allowVat' | 'allowEmail';
  checked: boolean;
  label: string;
  testId: string;
}) {
  const update = useMutation(updateUserSettingsMutationOptions());
  const change = async (next: boolean) => {
    const settings: UserSettingsUpdate = { [name]: next };
    try {
      await update.mutateAsync({ userId, settings });
      notify({ type: 'success', message: messages.common.updated });
    } catch {
      notify({ type: 'error', message: messages.common.saveFailed });
    }
  };
  return (
    <Checkbox.Root
      checked={update.isPending ? update.variables.settings[name] === true : checked}
      disabled={update.isPending}
      onCheckedChange={(d) => void change(d.checked === true)}
      colorPalette="brand"
      data-testid={testId}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
