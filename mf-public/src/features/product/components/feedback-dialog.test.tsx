import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApi } from 'shared-kernel/api';
import { on } from 'shared-kernel/events';
import { renderWithPlatform } from 'shared-kernel/testing';
import { ComplaintDialog } from './complaint-dialog';
import { FeedbackDialog } from './feedback-dialog';

// The dialogs talk to the real API client; only the network is replaced. It answers after 5 ms of
// the fake clock, so the answer settles inside the act() of send() below.
function answer(status: number, body: unknown) {
  const response = { ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) } as unknown as Response;
  return jest.fn(() => new Promise<Response>((resolve) => setTimeout(() => resolve(response), 5)));
}

const saved = {
  id: 1,
  author: 'Mari M.',
  rating: 4,
  comment: '',
  createdTs: '2025-01-01T00:00:00Z',
  userId: 7,
  productId: 12,
  contractId: null,
};

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

jest.setTimeout(30000);
const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
const rating = () => screen.getByRole('combobox', { name: 'Hinnang' });
const comment = (name: string) => screen.getByRole('textbox', { name });
const send = async (u: ReturnType<typeof user>) => {
  await u.click(screen.getByRole('button', { name: 'Saada' }));
  await act(async () => {
    await jest.advanceTimersByTimeAsync(10);
  });
};

describe('FeedbackDialog', () => {
  // The form must not leave this to the browser's own (English) required-field bubble.
  it("asks for the rating first: 'Hinnang on puudu.'", async () => {
    const fetch = answer(201, saved);
    configureApi({ fetch });
    const u = user();
    renderWithPlatform(<FeedbackDialog open productId={12} userId={7} onClose={jest.fn()} />);
    await send(u);
    expect(rating()).toHaveAccessibleErrorMessage('Hinnang on puudu.');
    expect(fetch).not.toHaveBeenCalled();
    await u.selectOptions(rating(), '4,5 ★');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(rating()).not.toHaveAccessibleErrorMessage();
  });

  it('shows only the spec text for a renter without rights: no second, "session expired" alert', async () => {
    configureApi({ fetch: answer(403, { statusCode: 403, code: 'NO_FEEDBACK_RIGHTS', message: 'User has no rights for feedback.' }) });
    const onClose = jest.fn();
    const u = user();
    renderWithPlatform(<FeedbackDialog open productId={12} userId={7} onClose={onClose} />);
    await u.selectOptions(rating(), '4,5 ★');
    await u.type(comment('Kommentaar'), 'Tore');
    await send(u);
    expect(screen.getByRole('alert')).toHaveTextContent('Salvestamine ebaõnnestus - teil pole õigust tootele tagasisidet jätta.');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(notices).not.toContain('Õigused puuduvad, või on session aegunud');
    // Nothing typed is lost and the dialog stays open.
    expect(rating()).toHaveValue('4.5');
    expect(comment('Kommentaar')).toHaveValue('Tore');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('thanks the renter and closes 1.5 s after saving', async () => {
    const fetch = answer(201, saved);
    configureApi({ fetch });
    const onClose = jest.fn();
    const u = user();
    renderWithPlatform(<FeedbackDialog open productId={12} userId={7} onClose={onClose} />);
    await u.selectOptions(rating(), '4 ★');
    await send(u);
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({
      userId: 7,
      productId: 12,
      rating: 4,
      comment: '',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Salvestamine õnnestus. Aitäh tagasiside eest.');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1400);
    });
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    // Emptied for the next review.
    expect(rating()).toHaveValue('');
  });
});

describe('ComplaintDialog', () => {
  it("needs a text ('Probleem on sõnastamata.') and shows a refusal once, without the global alert", async () => {
    const fetch = answer(403, {
      statusCode: 403,
      code: 'NO_RIGHTS',
      message: 'Kasutajal pole õigust selle toote kohta probleemi esitada.',
    });
    configureApi({ fetch });
    const u = user();
    renderWithPlatform(<ComplaintDialog open productId={12} userId={7} onClose={jest.fn()} />);
    await send(u);
    expect(comment('Kirjelda probleemi')).toHaveAccessibleErrorMessage('Probleem on sõnastamata.');
    expect(fetch).not.toHaveBeenCalled();
    await u.type(comment('Kirjelda probleemi'), 'Katki');
    await send(u);
    expect(screen.getByRole('alert')).toHaveTextContent('Salvestamine ebaõnnestus - teil pole õigust selle toote kohta probleemi esitada.');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(notices).toEqual([]);
    expect(comment('Kirjelda probleemi')).toHaveValue('Katki');
  });
});
