import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '../../contract/realtime';

/** A socket the test drives: it records what the SPA sends and lets the test open it and answer. */
class FakeSocket {
  static last: FakeSocket | undefined;
  sent: unknown[] = [];
  private handlers = new Map<string, ((event: { data?: string }) => void)[]>();
  constructor() {
    FakeSocket.last = this;
  }
  addEventListener(type: string, handler: (event: { data?: string }) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {}
  /** partysocket opens the same object again after a lost connection. */
  open() {
    this.handlers.get('open')?.forEach((handler) => handler({}));
  }
  answer(message: ServerMessage) {
    this.handlers.get('message')?.forEach((handler) => handler({ data: JSON.stringify(message) }));
  }
}
vi.mock('partysocket/ws', () => ({ default: FakeSocket }));

const { connectRealtime, disconnectRealtime, subscribe } = await import('../../src/services/realtime');
const session = { token: 'jwt', accountName: 'SDIS 63', siteId: 3, env: 'test', path: '/services/ws' };

async function joined(): Promise<FakeSocket> {
  const before = FakeSocket.last;
  connectRealtime(session);
  // The socket library is imported on demand: the socket is made a turn later.
  await vi.waitFor(() => expect(FakeSocket.last).not.toBe(before));
  const socket = FakeSocket.last!;
  socket.open();
  socket.answer({ action: 'authenticated' });
  socket.answer({ action: 'ready', idAccount: '3' });
  return socket;
}

afterEach(() => disconnectRealtime());

describe('the real-time socket', () => {
  it('authenticates, joins its account, and passes on the refreshes the server announces', async () => {
    const alerts = vi.fn();
    const unsubscribe = subscribe('REFRESH_ALERTS', alerts);
    const socket = await joined();
    expect(socket.sent).toEqual([{ action: 'authenticate', token: 'jwt' }, { action: 'setName', name: 'SDIS 63', idAccount: '3', env: 'test' }]);
    expect(alerts).not.toHaveBeenCalled(); // joining the first time: the screens have just read their data
    socket.answer({ action: 'eventMsg', eventMsg: 'REFRESH_ALERTS', data: { alertId: 7 } });
    expect(alerts).toHaveBeenCalledWith({ alertId: 7 });
    unsubscribe();
  });

  it('tells every screen to read its data again once it has joined again after a lost connection', async () => {
    const heard = { REFRESH_ALERTS: vi.fn(), REFRESH_NOTIFS: vi.fn(), REFRESH_IMPORT: vi.fn() };
    const unsubscribes = Object.entries(heard).map(([event, listener]) => subscribe(event as keyof typeof heard, listener));
    const socket = await joined();
    socket.open(); // the server restarted: the socket opens again and authenticates again
    socket.answer({ action: 'authenticated' });
    expect(heard.REFRESH_ALERTS).not.toHaveBeenCalled(); // not before it has joined its account again
    socket.answer({ action: 'ready', idAccount: '3' });
    for (const listener of Object.values(heard)) expect(listener).toHaveBeenCalledTimes(1);
    expect(socket.sent.filter((message) => (message as { action: string }).action === 'setName')).toHaveLength(2);
    unsubscribes.forEach((unsubscribe) => unsubscribe());
  });
});
