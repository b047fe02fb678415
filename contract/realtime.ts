/** Messages of the real-time WebSocket (spec §7 "Real-time connection"). */
export type RefreshEvent = 'REFRESH_ALERTS' | 'REFRESH_NOTIFS' | 'REFRESH_IMPORT';

/** Every refresh the server may announce (the record makes the list follow the type). */
export const refreshEvents = Object.keys({ REFRESH_ALERTS: true, REFRESH_NOTIFS: true, REFRESH_IMPORT: true } satisfies Record<RefreshEvent, true>) as RefreshEvent[];

/** Client → server. */
export type ClientMessage =
  | { action: 'authenticate'; token: string }
  | { action: 'setName'; name: string; idAccount: string; env: string }
  | { action: 'ping' };

/** Server → client. */
export type ServerMessage =
  | { action: 'authenticated' }
  | { action: 'ready'; idAccount: string }
  | { action: 'eventMsg'; eventMsg: RefreshEvent; data?: unknown }
  | { action: 'error'; msg: string }
  | { action: 'pong' };
