import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithPlatform } from 'shared-kernel/testing';
import { polyfillPointerEvent } from '../../forms/test-utils';
import { sendContactMessage } from '../api/send-contact-message';
import { ContactPage } from './contact-page';

jest.setTimeout(30000);
polyfillPointerEvent();
jest.mock('../api/send-contact-message');
const sendMock = sendContactMessage as jest.MockedFunction<typeof sendContactMessage>;

const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const error = (name: string) => document.querySelector(`[data-testid="error-${name}"]`)?.textContent ?? '';

afterEach(() => jest.useRealTimers());

describe('ContactPage', () => {
  it('requires email and content after touch, checks the email, and leaves the name optional', () => {
    renderWithPlatform(<ContactPage reload={jest.fn()} />);
    fireEvent.blur(input('name'));
    fireEvent.blur(input('email'));
    fireEvent.blur(input('content'));
    expect(error('name')).toBe('');
    expect(error('email')).toBe('Kohustuslik');
    expect(error('content')).toBe('Kohustuslik');
    fireEvent.change(input('email'), { target: { value: ' vale@ ' } });
    expect(error('email')).toBe('Vale email');
  });

  it('sends, thanks and reloads after 1.5 s', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    sendMock.mockResolvedValue(undefined);
    const reload = jest.fn();
    renderWithPlatform(<ContactPage reload={reload} />);
    fireEvent.change(input('email'), { target: { value: 'mari@example.ee' } });
    fireEvent.change(input('content'), { target: { value: 'Tere!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Saada' }));
    expect(await screen.findByText('Thanks for the letter, we will reply at first opportunity')).toBeInTheDocument();
    expect(sendMock).toHaveBeenCalledWith({ content: 'Tere!', name: '', email: 'mari@example.ee' });
    act(() => jest.advanceTimersByTime(1500));
    expect(reload).toHaveBeenCalled();
  });

  it('says Viga saatmisel when sending fails', async () => {
    sendMock.mockRejectedValue(new Error('down'));
    renderWithPlatform(<ContactPage reload={jest.fn()} />);
    fireEvent.change(input('email'), { target: { value: 'mari@example.ee' } });
    fireEvent.change(input('content'), { target: { value: 'Tere!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Saada' }));
    await waitFor(() => expect(screen.getByTestId('contact-result')).toHaveTextContent('Viga saatmisel'));
  });
});
