import type ReconnectingWebSocket from 'partysocket/ws';
import { refreshEvents, type ClientMessage, type RefreshEvent, type ServerMessage } from '../../contract/realtime';

/** What the socket needs to join its account's channel (spec §7 "Real-time connection"). */
export interface RealtimeSession {
  token: string;
  accountName: string;
  siteId: number;
  env: string;
  /** WebSocket path given by getExtraInfos (default /services/ws). */
  path: string;
}

type Listener = (data: unknown) => void;

/** The one socket of the SPA; partysocket reconnects it and we authenticate again on each open. */
let socket: ReconnectingWebSocket | null = null;
/** Counts connects and disconnects: a socket library that arrives after a newer one of them is not used. */
let generation = 0;
const listeners = new Map<RefreshEvent, Set<Listener>>();
/** Close code the server uses for a refused token: reconnecting would be refused again. */
const refusedToken = 4401;

function socketUrl(path: string): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${path}`;
}

function deliver(message: ServerMessage): void {
  if (message.action !== 'eventMsg') return;
  listeners.get(message.eventMsg)?.forEach((listener) => listener(message.data));
}

/**
 * Opens (or reopens) the socket for a session: on open it authenticates with the token, then,
 * once the server says so, sends setName with the account name, the site id as text and the env.
 */
export function connectRealtime(session: RealtimeSession): void {
  disconnectRealtime();
  const mine = generation;
  // The socket library downloads with the first signed-in screen, not with the sign-in page.
  void import('partysocket/ws').then(({ default: WebSocketClass }) => {
    if (mine === generation) open(WebSocketClass, session);
  });
}

function open(WebSocketClass: typeof ReconnectingWebSocket, session: RealtimeSession): void {
  const ws = new WebSocketClass(socketUrl(session.path), undefined, {
    maxReconnectionDelay: 30_000,
    shouldReconnectOnClose: (event) => event.code !== refusedToken,
  });
  const send = (message: ClientMessage) => ws.send(JSON.stringify(message));
  let joined = false;
  ws.addEventListener('open', () => send({ action: 'authenticate', token: session.token }));
  ws.addEventListener('message', (event: MessageEvent) => {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(event.data)) as ServerMessage;
    } catch {
      return;
    }
    if (message.action === 'authenticated') send({ action: 'setName', name: session.accountName, idAccount: String(session.siteId), env: session.env });
    else if (message.action === 'ready') {
      // Joined again after a lost connection (a server restart, a network cut): what was announced
      // meanwhile never came, so every screen listening reads its data again.
      if (joined) refreshEvents.forEach((eventMsg) => deliver({ action: 'eventMsg', eventMsg }));
      joined = true;
    } else deliver(message);
  });
  socket = ws;
}

/** Closes the socket (sign-out, account switch). Subscriptions stay: they hear the next socket. */
export function disconnectRealtime(): void {
  generation += 1;
  socket?.close(1000, 'session ended');
  socket = null;
}

/** Runs `listener` on each REFRESH_ALERTS / REFRESH_NOTIFS / REFRESH_IMPORT; answers the unsubscribe. */
export function subscribe(event: RefreshEvent, listener: Listener): () => void {
  const set = listeners.get(event) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(event, set);
  return () => set.delete(listener);
}
