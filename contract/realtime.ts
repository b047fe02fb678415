/** Messages of the real-time WebSocket (spec §7 "Real-time connection"). */
export type RefreshEvent = 'REFRESH_ALERTS' | 'REFRESH_NOTIFS' | 'REFRESH_IMPORT';

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
