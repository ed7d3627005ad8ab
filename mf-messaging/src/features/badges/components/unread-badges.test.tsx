import { act, fireEvent, screen } from '@testing-library/react';
import { on } from 'shared-kernel/events';
import type { UserNotification } from 'shared-kernel/schemas';
import { makeUser, mockApi, renderWithPlatform, type MockedApi } from 'shared-kernel/testing';
import { resetLiveClient } from '../../../components/live/live-client';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { UnreadBadges } from './unread-badges';

const me = makeUser({ id: 7 });
let api: MockedApi;
let chatCount = 2;
let notificationCount = 3;

const notification = (over: Partial<UserNotification>): UserNotification => ({
  id: 1,
  type: 'PRODUCT_RENTAL_REQUEST',
  message: 'Uus rendisoov tootele Haagis',
  referenceList: [],
  createdTs: new Date(Date.now() - 5 * 60_000).toISOString(),
  read: false,
  ...over,
});

beforeEach(() => {
  FakeEventSource.install();
  chatCount = 2;
  notificationCount = 3;
  api = mockApi({
    'GET /user-messages/user/:id/count-chats': () => chatCount,
    'GET /user-notifications/user/:userId/count': () => notificationCount,
    'GET /user-notifications/user/:userId': () => [
      notification({ id: 2, message: 'Rendisoov on kinnitatud', referenceList: [{ type: 'RESERVATION_HASH', referenceId: 'abc123' }] }),
      notification({ id: 1 }),
    ],
    'POST /user-notifications/user/:userId/mark-read': () => {
      notificationCount = 0;
      return { ok: true };
    },
  });
});
afterEach(() => {
  resetLiveClient();
  FakeEventSource.uninstall();
  jest.useRealTimers();
});

const countRequests = () => api.requests('GET /user-messages/user/:id/count-chats').length;

describe('unread badges', () => {
  it('shows nothing while signed out and opens no stream', () => {
    const { container } = renderWithPlatform(<UnreadBadges />);
    expect(container).toBeEmptyDOMElement();
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('shows the counts asked on mount, with accessible names', async () => {
    renderWithPlatform(<UnreadBadges />, { session: me });
    expect(await screen.findByRole('link', { name: 'Sõnumid, 2 lugemata' })).toHaveAttribute('href', '/auth/messages');
    expect(screen.getByRole('button', { name: 'Teavitused, 3 lugemata' })).toBeInTheDocument();
    expect(FakeEventSource.current().url).toBe('/api/live/events');
  });

  it('takes new counts from the live stream without asking again and tells the bus', async () => {
    const heard = jest.fn();
    const off = on('unread-counts-changed', heard);
    renderWithPlatform(<UnreadBadges />, { session: me });
    await screen.findByRole('link', { name: 'Sõnumid, 2 lugemata' });
    const before = countRequests();
    act(() => {
      FakeEventSource.current().open();
      FakeEventSource.current().send({ type: 'counts', counts: { messages: 5, notifications: 1 } });
    });
    expect(screen.getByRole('link', { name: 'Sõnumid, 5 lugemata' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Teavitused, 1 lugemata' })).toBeInTheDocument();
    expect(countRequests()).toBe(before);
    expect(heard).toHaveBeenLastCalledWith({ messages: 5, notifications: 1 }, expect.anything());
    off();
  });

  it('ignores what is not a live event', async () => {
    renderWithPlatform(<UnreadBadges />, { session: me });
    await screen.findByRole('link', { name: 'Sõnumid, 2 lugemata' });
    act(() => {
      FakeEventSource.current().send('not json');
      FakeEventSource.current().send({ type: 'counts', counts: { messages: -1 } });
    });
    expect(screen.getByRole('link', { name: 'Sõnumid, 2 lugemata' })).toBeInTheDocument();
  });

  it('polls every 45 s only while the stream is down', async () => {
    jest.useFakeTimers();
    renderWithPlatform(<UnreadBadges />, { session: me });
    await act(async () => undefined);
    expect(countRequests()).toBe(1);
    act(() => FakeEventSource.current().open());
    await act(async () => {
      await jest.advanceTimersByTimeAsync(46_000);
    });
    expect(countRequests()).toBe(1);

    chatCount = 4;
    act(() => FakeEventSource.current().fail());
    await act(async () => {
      await jest.advanceTimersByTimeAsync(45_000);
    });
    expect(countRequests()).toBe(2);
    expect(screen.getByRole('link', { name: 'Sõnumid, 4 lugemata' })).toBeInTheDocument();

    // Back up: polling stops again.
    act(() => FakeEventSource.current().open());
    await act(async () => {
      await jest.advanceTimersByTimeAsync(90_000);
    });
    expect(countRequests()).toBe(2);
  });

  it('polls from the start where EventSource does not exist', async () => {
    FakeEventSource.uninstall();
    jest.useFakeTimers();
    renderWithPlatform(<UnreadBadges />, { session: me });
    await act(async () => undefined);
    expect(countRequests()).toBe(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(45_000);
    });
    expect(countRequests()).toBe(2);
  });

  it('opens a new stream with backoff when the browser gave up on the old one', async () => {
    jest.useFakeTimers();
    renderWithPlatform(<UnreadBadges />, { session: me });
    await act(async () => undefined);
    const first = FakeEventSource.current();
    act(() => first.fail(true));
    expect(FakeEventSource.instances.filter((s) => !s.isClosed)).toHaveLength(0);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_000);
    });
    expect(FakeEventSource.current()).not.toBe(first);
  });

  it('resumes from the last event id when it opens a new stream, so missed messages are replayed', async () => {
    jest.useFakeTimers();
    renderWithPlatform(<UnreadBadges />, { session: me });
    await act(async () => undefined);
    const first = FakeEventSource.current();
    expect(first.url).toBe('/api/live/events');
    act(() => {
      first.open();
      first.send({ type: 'counts', counts: { messages: 1, notifications: 0 } }, '41');
    });
    act(() => first.fail(true));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_000);
    });
    expect(FakeEventSource.current().url).toBe('/api/live/events?lastEventId=41');
  });

  it('shares one stream between widgets and closes it when the last one leaves', async () => {
    const one = renderWithPlatform(<UnreadBadges />, { session: me });
    const two = renderWithPlatform(<UnreadBadges />, { session: me, queryClient: one.queryClient });
    await screen.findAllByRole('link', { name: 'Sõnumid, 2 lugemata' });
    expect(FakeEventSource.instances).toHaveLength(1);
    one.unmount();
    expect(FakeEventSource.current()).toBe(FakeEventSource.instances[0]);
    two.unmount();
    expect(FakeEventSource.instances[0]!.isClosed).toBe(true);
  });

  it('loads the notifications when the menu opens and marks them read', async () => {
    renderWithPlatform(<UnreadBadges />, { session: me });
    fireEvent.click(await screen.findByRole('button', { name: 'Teavitused, 3 lugemata' }));
    const menu = await screen.findByRole('region', { name: 'Teavitused' });
    expect(await screen.findByText('Rendisoov on kinnitatud')).toBeInTheDocument();
    expect(menu).toHaveTextContent('5 minuti eest');
    expect(screen.getByRole('link', { name: 'Vaata renti' })).toHaveAttribute('href', '/auth/rent-completed?rental=abc123');
    expect(await screen.findByRole('button', { name: 'Teavitused, 0 lugemata' })).toBeInTheDocument();
    expect(api.requests('POST /user-notifications/user/:userId/mark-read')[0]!.path).toBe('/user-notifications/user/7/mark-read');
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('region', { name: 'Teavitused' })).not.toBeInTheDocument();
  });
});
