import { act, render } from '@testing-library/react';
import { PlatformProvider } from 'shared-kernel/ui';
import { createTestQueryClient } from 'shared-kernel/testing';
import { Chrome } from './chrome';

describe('Chrome', () => {
  it('calls onCommitted once, in its first commit, with the outlet already in the page', async () => {
    window.history.replaceState(null, '', '/public');
    const outlet = document.createElement('div');
    const connectedAtCall: boolean[] = [];
    const onCommitted = jest.fn(() => connectedAtCall.push(outlet.isConnected));
    // The chrome has its own router (the page's URL), as in the shell.
    const wrapper = ({ children }: { children: React.ReactNode }) => (
      <PlatformProvider queryClient={createTestQueryClient()}>{children}</PlatformProvider>
    );
    const view = render(<Chrome outlet={outlet} nav={[]} onCommitted={onCommitted} />, { wrapper });
    // The toaster's second render and any later render of the chrome do not call it again.
    await act(async () => {});
    view.rerender(<Chrome outlet={outlet} nav={[]} onCommitted={onCommitted} />);
    expect(onCommitted).toHaveBeenCalledTimes(1);
    // The prerendered outlet is moved into the real one here: the real one must be on the page.
    expect(connectedAtCall).toEqual([true]);
  });
});
