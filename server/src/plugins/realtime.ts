import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { WebSocket } from 'ws';
import { liveAlertGroups, liveNotificationGroups } from '../../../contract/groups';
import { errorKeys } from '../../../contract/errors';
import type { ClientMessage, RefreshEvent, ServerMessage } from '../../../contract/realtime';
import type { Database } from '../db/database';
import type { Session } from './authenticate';

const channel = 'vigil_events';
/** Close code for a missing, bad or expired token: the client signs in again before reconnecting. */
export const closeUnauthorized = 4401;
const maxTimer = 2_147_483_647; // setTimeout's ceiling (~24.8 days)

interface Published {
  accountIds: number[];
  eventMsg: RefreshEvent;
  data?: unknown;
}

interface Listener {
  socket: WebSocket;
  session: Session;
  accountId: number;
}

/**
 * The real-time hub. Events go through PostgreSQL NOTIFY so that every instance hears them,
 * and each instance forwards them to its own sockets of the concerned accounts.
 */
export interface Realtime {
  /** Tells the sockets of these accounts (and of their parent accounts) to refresh. */
  publish(accountIds: number[], eventMsg: RefreshEvent, data?: unknown): Promise<void>;
  /** Serves the WebSocket at `path`; `authenticate` turns a token into a session. */
  route(app: FastifyInstance, path: string, authenticate: (token: string) => Promise<Session | undefined>): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Number of sockets that completed setName on this instance. */
  size(): number;
  /**
   * Checks again the token of every socket of `userId` (of every user when undefined) and closes
   * with 4401 those whose session has ended (logout, password, rights or activation changed).
   */
  revalidate(userId?: number): Promise<void>;
}

export interface RealtimeOptions {
  /** Every interval the server pings each socket and drops those that did not answer the previous ping. */
  heartbeatMs?: number;
  /** A socket that has not authenticated within this time is closed (4401). */
  authenticateWithinMs?: number;
}

/** The expiry (seconds since the epoch) a JWT carries, if any. */
function expiryOf(token: string): number | undefined {
  try {
    return decodeJwt(token).exp;
  } catch {
    return undefined;
  }
}

/** Live flags of spec §6: alerts for groups 1, 5, 6; notifications (and imports) for every staff group. */
function receives(idGroup: number, eventMsg: RefreshEvent): boolean {
  if (eventMsg === 'REFRESH_ALERTS') return liveAlertGroups.includes(idGroup);
  return liveNotificationGroups.includes(idGroup);
}

export function createRealtime(database: Database, log: FastifyBaseLogger, options: RealtimeOptions = {}): Realtime {
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const authenticateWithinMs = options.authenticateWithinMs ?? 10_000;
  const listeners = new Set<Listener>();
  /** The token each authenticated socket showed, checked again when its user's standing changes. */
  const tokens = new Map<WebSocket, { token: string; userId: number }>();
  let check: ((token: string) => Promise<Session | undefined>) | undefined;
  const sockets = new Set<WebSocket>();
  const alive = new WeakMap<WebSocket, boolean>();
  let unlisten: (() => Promise<void>) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  function deliver(raw: string): void {
    let event: Published;
    try {
      event = JSON.parse(raw) as Published;
    } catch {
      return;
    }
    const message = JSON.stringify({ action: 'eventMsg', eventMsg: event.eventMsg, data: event.data } satisfies ServerMessage);
    for (const listener of listeners) {
      if (event.accountIds.includes(listener.accountId) && receives(listener.session.idGroup, event.eventMsg)) {
        listener.socket.send(message);
      }
    }
  }

  /** After a lost database listener, events may have been missed: every socket refreshes what it shows. */
  function refreshEveryone(): void {
    for (const listener of listeners) {
      for (const eventMsg of ['REFRESH_ALERTS', 'REFRESH_NOTIFS'] as const) {
        if (receives(listener.session.idGroup, eventMsg)) listener.socket.send(JSON.stringify({ action: 'eventMsg', eventMsg } satisfies ServerMessage));
      }
    }
    log.warn({ sockets: listeners.size }, 'real-time listener reconnected: clients told to refresh');
  }

  async function withAncestors(accountIds: number[]): Promise<number[]> {
    const rows = await database.query<{ id: number }>(
      `WITH RECURSIVE up AS (
         SELECT id, parent_id FROM accounts WHERE id = ANY($1::int[])
         UNION SELECT a.id, a.parent_id FROM accounts a JOIN up ON a.id = up.parent_id)
       SELECT id FROM up`,
      [accountIds],
    );
    return rows.map((row) => row.id);
  }

  /** Pings every socket; one that did not answer the last ping is gone (a dead peer sends no close). */
  function beat(): void {
    for (const socket of sockets) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }

  return {
    async publish(accountIds, eventMsg, data) {
      const payload: Published = { accountIds: await withAncestors(accountIds), eventMsg, data };
      await database.notify(channel, JSON.stringify(payload));
    },
    route(app, path, authenticate) {
      check = authenticate;
      heartbeat ??= setInterval(beat, heartbeatMs).unref();
      app.get(path, { websocket: true }, (socket) => {
        let session: Session | undefined;
        let listener: Listener | undefined;
        let expiry: NodeJS.Timeout | undefined;
        // Messages are handled one after the other: a setName sent right after authenticate waits for it.
        let queue = Promise.resolve();
        sockets.add(socket);
        alive.set(socket, true);
        socket.on('pong', () => alive.set(socket, true));
        const send = (message: ServerMessage) => socket.send(JSON.stringify(message));
        // A socket that never shows a token holds a connection for nothing.
        const unauthenticated = setTimeout(() => {
          if (session) return;
          send({ action: 'error', msg: errorKeys.invalidToken });
          socket.close(closeUnauthorized, 'unauthenticated');
        }, authenticateWithinMs);

        async function handle(message: ClientMessage): Promise<void> {
          if (message.action === 'ping') return send({ action: 'pong' });
          if (message.action === 'authenticate') {
            session = typeof message.token === 'string' ? await authenticate(message.token) : undefined;
            if (!session) {
              send({ action: 'error', msg: errorKeys.invalidToken });
              return socket.close(closeUnauthorized, 'unauthorized');
            }
            clearTimeout(unauthenticated);
            tokens.set(socket, { token: message.token as string, userId: session.userId });
            // The socket lives as long as the token: past its expiry the client must sign in again.
            clearTimeout(expiry);
            const exp = expiryOf(message.token);
            if (exp) {
              expiry = setTimeout(() => {
                send({ action: 'error', msg: errorKeys.sessionExpired });
                socket.close(closeUnauthorized, 'session expired');
              }, Math.min(Math.max(exp * 1000 - Date.now(), 0), maxTimer));
            }
            return send({ action: 'authenticated' });
          }
          if (message.action === 'setName') {
            if (!session) return send({ action: 'error', msg: errorKeys.invalidToken });
            // A socket listens only to the account its session is on, never to another's.
            if (String(session.siteId) !== String(message.idAccount)) return send({ action: 'error', msg: errorKeys.accountNotAllowed });
            if (listener) listeners.delete(listener);
            listener = { socket, session, accountId: session.siteId };
            listeners.add(listener);
            return send({ action: 'ready', idAccount: String(session.siteId) });
          }
          send({ action: 'error', msg: errorKeys.validation });
        }

        socket.on('message', (raw: Buffer) => {
          let message: ClientMessage;
          try {
            message = JSON.parse(raw.toString()) as ClientMessage;
            if (typeof message !== 'object' || message === null) throw new Error('not an object');
          } catch {
            return send({ action: 'error', msg: errorKeys.validation });
          }
          queue = queue
            .then(() => handle(message))
            .catch((error: unknown) => {
              log.error({ err: error }, 'real-time message failed');
              send({ action: 'error', msg: errorKeys.serverError });
            });
        });
        socket.on('close', () => {
          clearTimeout(expiry);
          clearTimeout(unauthenticated);
          tokens.delete(socket);
          sockets.delete(socket);
          if (listener) listeners.delete(listener);
        });
      });
    },
    async start() {
      unlisten = await database.listen(channel, deliver, refreshEveryone);
    },
    async stop() {
      clearInterval(heartbeat);
      heartbeat = undefined;
      await unlisten?.();
      unlisten = undefined;
      for (const socket of sockets) socket.close(1001, 'server stopping');
      sockets.clear();
      listeners.clear();
      log.debug('realtime hub stopped');
    },
    size() {
      return listeners.size;
    },
    async revalidate(userId) {
      if (!check) return;
      for (const [socket, held] of [...tokens]) {
        if (userId !== undefined && held.userId !== userId) continue;
        if (await check(held.token)) continue;
        tokens.delete(socket);
        socket.send(JSON.stringify({ action: 'error', msg: errorKeys.sessionExpired } satisfies ServerMessage));
        socket.close(closeUnauthorized, 'session ended');
      }
    },
  };
}
