import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform } from 'shared-kernel/testing';
import { sendContactMessage } from '../api/send-contact-message';
import { ContactPage } from './contact-page';

jest.setTimeout(30000);
// The component runs the call through its mutation options; both see the same mock.
jest.mock('../api/send-contact-message', () => {
  const sendContactMessage = jest.fn();
  return { sendContactMessage, sendContactMessageMutationOptions: () => ({ mutationFn: (vars: unknown) => sendContactMessage(vars) }) };
});
const sendMock = sendContactMessage as jest.MockedFunction<typeof sendContactMessage>;

const field = (name: string) => screen.getByRole('textbox', { name });
const send = () => screen.getByRole('button', { name: 'Saada' });

beforeEach(() => sendMock.mockReset());
afterEach(() => jest.useRealTimers());

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.click(field('E-post'));
  await user.paste(' mari@example.ee ');
  await user.click(field('Sõnum'));
  await user.paste('Tere!');
}

describe('ContactPage', () => {
  it('requires email and content after touch, checks the email, and leaves the name optional', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<ContactPage reload={jest.fn()} />);
    for (const name of ['Nimi', 'E-post', 'Sõnum']) await user.click(field(name));
    await user.click(document.body);
    await waitFor(() => expect(field('E-post')).toHaveAccessibleErrorMessage('Kohustuslik'));
    expect(field('Sõnum')).toHaveAccessibleErrorMessage('Kohustuslik');
    expect(field('Nimi')).not.toHaveAccessibleErrorMessage();
    await user.type(field('E-post'), ' vale@ ');
    await waitFor(() => expect(field('E-post')).toHaveAccessibleErrorMessage('Vale email'));
    await user.click(send());
    expect(sendMock).not.toHaveBeenCalled();
  });

  it('sends, thanks and reloads after 1.5 s', async () => {
    jest.useFakeTimers();
    // The answer comes on the fake clock, so it settles inside act below.
    sendMock.mockImplementation(() => new Promise((resolve) => setTimeout(resolve, 100)));
    const reload = jest.fn();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderWithPlatform(<ContactPage reload={reload} />);
    await fillIn(user);
    await user.click(send());
    await act(() => jest.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('status')).toHaveTextContent('Aitäh kirja eest, vastame esimesel võimalusel');
    expect(sendMock).toHaveBeenCalledWith({ content: 'Tere!', name: '', email: 'mari@example.ee' });
    expect(send()).toBeDisabled();
    act(() => jest.advanceTimersByTime(1499));
    expect(reload).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(reload).toHaveBeenCalled();
  });

  it('says Viga saatmisel when sending fails, and keeps the letter', async () => {
    sendMock.mockRejectedValue(new Error('down'));
    const user = userEvent.setup();
    renderWithPlatform(<ContactPage reload={jest.fn()} />);
    await fillIn(user);
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent('Viga saatmisel');
    expect(field('Sõnum')).toHaveValue('Tere!');
  });
});
