import { screen } from '@testing-library/react';
import { Dialog } from 'shared-kernel/overlays';
import { renderWithPlatform } from 'shared-kernel/testing';
import { IdentityCheck } from './identity-check';

jest.mock('../model/use-identity-check', () => ({
  useIdentityCheck: () => ({
    state: { phase: 'polling', method: 'smartid', controlCode: '4321', token: 'tok', secondsLeft: 58 },
    start: jest.fn(),
    reset: jest.fn(),
  }),
}));

const px = (value: string, rootPx = 16) => (value.endsWith('rem') ? parseFloat(value) * rootPx : parseFloat(value));

describe('identity check layout', () => {
  it('gives the control code a line as tall as its letters inside the dialog, so it cannot overlap its label', async () => {
    renderWithPlatform(
      <Dialog.Root open>
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Body>
              <IdentityCheck personalCode="38001085718" defaultFailureMessage="x" onSucceeded={() => undefined} />
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Dialog.Root>,
    );
    const code = await screen.findByTestId('identity-control-code');
    expect(code).toHaveTextContent('4321');
    const style = getComputedStyle(code);
    // 4xl is 2.25rem. The code must set its own line height: inherited, it is the dialog's 1.25rem.
    expect(px(style.lineHeight)).toBeGreaterThanOrEqual(px('2.25rem'));
  });
});
