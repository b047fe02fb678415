import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../contract/realtime';

/** A real WebSocket client that records what the hub sends and how the socket closed. */
export class Client {
  readonly messages: ServerMessage[] = [];
  readonly socket: WebSocket;
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters = new Set<() => void>();

  constructor(url: string, options: WebSocket.ClientOptions = {}) {
    this.socket = new WebSocket(url, options);
    this.socket.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as ServerMessage);
      for (const wake of this.waiters) wake();
    });
    this.closed = new Promise((resolve) => this.socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
  }

  send(message: object): void {
    this.socket.send(JSON.stringify(message));
  }

  /**
   * The first message (in arrival order) that matches, waiting for it up to `timeoutMs`: a budget
   * for a busy machine, not a measure (a message that comes ends the wait at once).
   */
  waitFor(match: (message: ServerMessage) => boolean, timeoutMs = 20_000): Promise<ServerMessage> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.messages.find(match);
        if (!found) return false;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`));
      }, timeoutMs);
      if (!check()) this.waiters.add(check);
    });
  }

  /**
   * Sends a ping and waits for its pong. The hub writes to a socket in order, so whatever it sent
   * this socket before it read the ping has arrived by then: an event it delivered before a later
   * one arrived elsewhere is here, or was never sent.
   */
  async caughtUp(): Promise<void> {
    const from = this.messages.length;
    this.send({ action: 'ping' });
    await this.waitFor((message) => message.action === 'pong' && this.messages.indexOf(message) >= from);
  }

  events(): string[] {
    return this.messages.flatMap((message) => (message.action === 'eventMsg' ? [message.eventMsg] : []));
  }

  close(): void {
    this.socket.terminate();
  }
}

export const isEvent = (eventMsg: string) => (message: ServerMessage) => message.action === 'eventMsg' && message.eventMsg === eventMsg;

export function wsUrl(app: FastifyInstance, path = '/services/ws'): string {
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${path}`;
}

/** Opens a socket on `app`, authenticates with `token` and names the account; resolves once ready. `clients` collects it, for the suite to close. */
export async function connect(app: FastifyInstance, token: string, idAccount: number, clients: Client[] = []): Promise<Client> {
  const client = new Client(wsUrl(app));
  clients.push(client);
  await client.opened();
  client.send({ action: 'authenticate', token });
  await client.waitFor((message) => message.action === 'authenticated');
  client.send({ action: 'setName', name: 'test', idAccount: String(idAccount), env: 'local' });
  const ready = await client.waitFor((message) => message.action === 'ready' || message.action === 'error');
  expect(ready).toEqual({ action: 'ready', idAccount: String(idAccount) });
  return client;
}
