import { act, fireEvent, screen } from '@testing-library/react';
import { configureApi } from 'shared-kernel/api';
import { on } from 'shared-kernel/events';
import { renderWithPlatform } from 'shared-kernel/testing';
import { feedbackQueryKey } from '../api/get-feedback';
import { ComplaintDialog } from './complaint-dialog';
import { FeedbackDialog } from './feedback-dialog';

// The dialogs talk to the real API client; only the network is replaced.
function answer(status: number, body: unknown) {
  return jest.fn(async () => ({ ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) }) as unknown as Response);
}

const saved = { id: 1, author: 'Mari M.', rating: 4, comment: '', createdTs: '2025-01-01T00:00:00Z', userId: 7, productId: 12, contractId: null };

let notices: string[];
let off: () => void;
beforeEach(() => {
  jest.useFakeTimers();
  notices = [];
  off = on('notice', (n) => notices.push(n.message));
});
afterEach(() => {
  off();
  jest.useRealTimers();
  configureApi();
});

const rating = () => document.querySelector('select[name="rating"]') as HTMLSelectElement;
const send = async (name = 'Saada') => {
  fireEvent.click(screen.getByRole('button', { name }));
  await act(async () => {
    await jest.advanceTimersByTimeAsync(10);
  });
};

describe('FeedbackDialog', () => {
  // The form must not leave this to the browser's own (English) required-field bubble.
  it("asks for the rating first: 'Hinnang on puudu.'", async () => {
    const fetch = answer(201, saved);
    configureApi({ fetch });
    renderWithPlatform(<FeedbackDialog open productId={12} userId={7} onClose={jest.fn()} />);
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent('Hinnang on puudu.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows only the spec text for a renter without rights: no second, "session expired" alert', async () => {
    configureApi({ fetch: answer(403, { statusCode: 403, code: 'NO_FEEDBACK_RIGHTS', message: 'User has no rights for feedback.' }) });
    const onClose = jest.fn();
    renderWithPlatform(<FeedbackDialog open productId={12} userId={7} onClose={onClose} />);
    fireEvent.change(rating(), { target: { value: '4.5' } });
    fireEvent.change(document.querySelector('textarea[name="comment"]') as HTMLTextAreaElement, { target: { value: 'Tore' } });
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent('Salvestamine ebaõnnestus - teil pole õigust tootele tagasisidet jätta.');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(notices).not.toContain('Õigused puuduvad, või on session aegunud');
    // Nothing typed is lost and the dialog stays open.
    expect(rating().value).toBe('4.5');
    expect((document.querySelector('textarea[name="comment"]') as HTMLTextAreaElement).value).toBe('Tore');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('thanks the renter and closes 1.5 s after saving', async () => {
    const fetch = answer(201, saved);
    configureApi({ fetch });
    const onClose = jest.fn();
    const { queryClient } = renderWithPlatform(<FeedbackDialog open productId={12} userId={7} onClose={onClose} />);
    queryClient.setQueryData(feedbackQueryKey(12), []);
    queryClient.setQueryData(feedbackQueryKey(13), []);
    fireEvent.change(rating(), { target: { value: '4' } });
    await send();
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({ userId: 7, productId: 12, rating: 4, comment: '' });
    expect(screen.getByRole('status')).toHaveTextContent('Salvestamine õnnestus. Aitäh tagasiside eest.');
    // The product's reviews are out of date now (and asked again where shown); another product's are not.
    expect(queryClient.getQueryState(feedbackQueryKey(12))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(feedbackQueryKey(13))?.isInvalidated).toBe(false);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1400);
    });
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('ComplaintDialog', () => {
  it("needs a text ('Probleem on sõnastamata.') and shows a refusal once, without the global alert", async () => {
    const fetch = answer(403, { statusCode: 403, code: 'NO_RIGHTS', message: 'Kasutajal pole õigust selle toote kohta probleemi esitada.' });
    configureApi({ fetch });
    renderWithPlatform(<ComplaintDialog open productId={12} userId={7} onClose={jest.fn()} />);
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent('Probleem on sõnastamata.');
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(document.querySelector('textarea[name="problem"]') as HTMLTextAreaElement, { target: { value: 'Katki' } });
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent('Salvestamine ebaõnnestus - teil pole õigust selle toote kohta probleemi esitada.');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(notices).toEqual([]);
    expect((document.querySelector('textarea[name="problem"]') as HTMLTextAreaElement).value).toBe('Katki');
  });
});
