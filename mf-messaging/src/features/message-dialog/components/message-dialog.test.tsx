import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from 'shared-kernel/api';
import type { ChatMessage } from 'shared-kernel/schemas';
import { makeUser, mockApi, renderWithPlatform, type MockedApi } from 'shared-kernel/testing';
import { MessageDialog } from './message-dialog';

const me = makeUser({ id: 7 });
let api: MockedApi;
const written = (message: string): ChatMessage => ({
  id: 1,
  message,
  userId: 7,
  isMine: true,
  createdTs: '2026-11-23T10:00:00.000Z',
  parentThread: { senderId: 7, receiverId: 9 },
});

beforeEach(() => {
  api = mockApi({ 'POST /user-messages/user/:id/write': ({ body }) => written((body as { message: string }).message) });
});

function type(text: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /Sõnum/ }), { target: { value: text } });
}

describe('message dialog', () => {
  it('sends the message to the thread of the two users, says so and closes', async () => {
    const onClose = jest.fn();
    renderWithPlatform(<MessageDialog open onClose={onClose} toUserId={9} toName="Peeter" productId={3} />, { session: me });
    expect(screen.getByRole('dialog')).toHaveTextContent('Sõnum: Peeter');
    type('  Tere, kas haagis on vaba?  ');
    fireEvent.click(screen.getByRole('button', { name: 'Saada' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [request] = api.requests('POST /user-messages/user/:id/write');
    expect(request!.path).toBe('/user-messages/user/7/write');
    expect(request!.body).toEqual({ message: 'Tere, kas haagis on vaba?', parentThread: { senderId: 7, receiverId: 9 } });
  });

  it('requires a text', async () => {
    renderWithPlatform(<MessageDialog open onClose={jest.fn()} toUserId={9} />, { session: me });
    type('   ');
    fireEvent.click(screen.getByRole('button', { name: 'Saada' }));
    expect(await screen.findByText('Kohustuslik')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('refuses writing to oneself in the browser', () => {
    renderWithPlatform(<MessageDialog open onClose={jest.fn()} toUserId={7} />, { session: me });
    expect(screen.getByRole('alert')).toHaveTextContent('Endale ei ole mõtet kirja saata.');
    expect(screen.getByRole('button', { name: 'Saada' })).toBeDisabled();
    expect(api.post).not.toHaveBeenCalled();
  });

  it("shows the server's SELF_MESSAGE refusal in the same words and stays open", async () => {
    api.on({
      'POST /user-messages/user/:id/write': () => {
        throw new ApiError({ status: 400, code: 'SELF_MESSAGE', message: 'Endale ei ole mõtet kirja saata.' });
      },
    });
    const onClose = jest.fn();
    renderWithPlatform(<MessageDialog open onClose={onClose} toUserId={9} />, { session: me });
    type('Tere');
    fireEvent.click(screen.getByRole('button', { name: 'Saada' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Endale ei ole mõtet kirja saata.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks a signed-out visitor to sign in', () => {
    renderWithPlatform(<MessageDialog open onClose={jest.fn()} toUserId={9} />);
    expect(screen.getByText('Sõnumi saatmiseks logi sisse.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Logi sisse' })).toHaveAttribute('href', expect.stringMatching(/^\/public\/login\?goto=/));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
