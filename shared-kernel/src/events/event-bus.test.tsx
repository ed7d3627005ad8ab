import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { emit, on, peek, useEvent, INSTANCE_ID, ENVELOPE_VERSION } from './index';

type EventsModule = typeof import('./index');

function loadSecondCopy(): EventsModule {
  let copy: EventsModule | undefined;
  jest.isolateModules(() => {
    copy = jest.requireActual<EventsModule>('./index');
  });
  if (!copy) throw new Error('module did not load');
  return copy;
}

const user = {
  id: 7,
  username: 'mari@example.ee',
  name: 'Mari',
  lastName: 'Maasikas',
  type: 'B2C' as const,
  isB2b: false,
  allowVat: false,
  allowEmail: true,
  accountNr: null,
  accountBalance: 0,
  contactInfos: [],
  roles: ['ROLE_USER'],
};

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  delete (window as unknown as Record<symbol, unknown>)[Symbol.for('rendime.events.last')];
});
afterEach(() => warn.mockRestore());

describe('event bus', () => {
  it('delivers a validated payload as a prefixed window CustomEvent with a versioned envelope', () => {
    const raw = jest.fn();
    window.addEventListener('rendime:notice', raw);
    const handler = jest.fn();
    const off = on('notice', handler);
    expect(emit('notice', { type: 'info', message: 'Tere' })).toBe(true);
    expect(handler).toHaveBeenCalledWith({ type: 'info', message: 'Tere' }, { source: INSTANCE_ID, local: true });
    const detail = (raw.mock.calls[0][0] as CustomEvent).detail;
    expect(detail).toEqual({ version: ENVELOPE_VERSION, source: INSTANCE_ID, payload: { type: 'info', message: 'Tere' } });
    off();
    window.removeEventListener('rendime:notice', raw);
  });

  it('stops delivering after unsubscribe', () => {
    const handler = jest.fn();
    const off = on('notice', handler);
    off();
    emit('notice', { type: 'info', message: 'Tere' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses an invalid payload on emit', () => {
    const handler = jest.fn();
    const off = on('unread-counts-changed', handler);
    expect(emit('unread-counts-changed', { messages: -1, notifications: 0 })).toBe(false);
    expect(handler).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    off();
  });

  it('drops invalid events from the outside and accepts unknown extra fields', () => {
    const handler = jest.fn();
    const off = on('reservation-changed', handler);
    window.dispatchEvent(
      new CustomEvent('rendime:reservation-changed', { detail: { version: 1, source: 'x', payload: { reservationId: 'nope' } } }),
    );
    window.dispatchEvent(new CustomEvent('rendime:reservation-changed', { detail: 'garbage' }));
    expect(handler).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
    window.dispatchEvent(
      new CustomEvent('rendime:reservation-changed', {
        detail: { version: 1, source: 'newer', traceId: 't', payload: { reservationId: 3, status: 'ACCEPTED', extra: true } },
      }),
    );
    expect(handler).toHaveBeenCalledWith({ reservationId: 3, status: 'ACCEPTED' }, { source: 'newer', local: false });
    off();
  });

  it('keeps the last session so a late subscriber can read it', () => {
    expect(peek('session-changed')).toBeUndefined();
    emit('session-changed', { user });
    expect(peek('session-changed')?.payload.user?.username).toBe('mari@example.ee');
  });

  it('lets two copies of the kernel (version skew) talk through window', () => {
    const other = loadSecondCopy();
    expect(other.INSTANCE_ID).not.toBe(INSTANCE_ID);
    expect(other.emit).not.toBe(emit);

    const here = jest.fn();
    const there = jest.fn();
    const offHere = on('session-changed', here);
    const offThere = other.on('session-changed', there);

    other.emit('session-changed', { user });
    expect(here).toHaveBeenCalledWith({ user }, { source: other.INSTANCE_ID, local: false });
    expect(there).toHaveBeenCalledWith({ user }, { source: other.INSTANCE_ID, local: true });

    emit('session-changed', { user: null });
    expect(there).toHaveBeenLastCalledWith({ user: null }, { source: INSTANCE_ID, local: false });
    expect(other.peek('session-changed')?.payload).toEqual({ user: null });
    offHere();
    offThere();
  });
});

describe('useEvent', () => {
  it('subscribes while mounted and calls the latest handler', () => {
    function Counter() {
      const [count, setCount] = useState(0);
      useEvent('unread-counts-changed', (p) => setCount(p.messages + count * 0));
      return <span data-testid="count">{count}</span>;
    }
    const { getByTestId, unmount } = render(<Counter />);
    act(() => {
      emit('unread-counts-changed', { messages: 4, notifications: 1 });
    });
    expect(getByTestId('count')).toHaveTextContent('4');
    unmount();
    const spy = jest.fn();
    const off = on('unread-counts-changed', spy);
    emit('unread-counts-changed', { messages: 5, notifications: 1 });
    expect(spy).toHaveBeenCalledTimes(1);
    off();
  });
});
