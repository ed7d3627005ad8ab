import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlatformProvider } from 'shared-kernel/ui';
import { OverrideBadge } from './override-badge';

describe('OverrideBadge', () => {
  it('names the local remotes in Estonian and clears with its button', async () => {
    const onClear = jest.fn();
    render(
      <PlatformProvider>
        <OverrideBadge remotes={['mf-messaging', '<b>mf-public</b>']} onClear={onClear} />
      </PlatformProvider>,
    );
    const badge = screen.getByTestId('override-badge');
    // Text, never HTML: the angle brackets show as typed.
    expect(badge).toHaveTextContent('Kohalik versioon: mf-messaging, <b>mf-public</b>');
    expect(badge.querySelector('b')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Tühista kohalik versioon ja laadi avaldatud versioon' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('shows nothing without overrides', () => {
    render(
      <PlatformProvider>
        <OverrideBadge remotes={[]} onClear={() => undefined} />
      </PlatformProvider>,
    );
    expect(screen.queryByTestId('override-badge')).toBeNull();
  });
});
