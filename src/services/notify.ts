/** Kinds of message, as PrimeReact's toast names them. */
export type NoticeType = 'success' | 'info' | 'warn' | 'error';

/** A toast to show: a message key (and its values) or, rarely, a text already translated. */
export interface Notice {
  type: NoticeType;
  key: string;
  values?: Record<string, string | number>;
  /** How long it stays, in ms: 2000 by default (spec §9). */
  life?: number;
  /** Runs once the message has been cleared. */
  onClose?: () => void;
}

export const defaultNoticeLife = 2000;

const listeners = new Set<(notice: Notice) => void>();

/** The notification helper of spec §8: shows a message with a type, cleared after 2000 ms by default. */
export function notify(notice: Notice): void {
  const complete = { ...notice, life: notice.life ?? defaultNoticeLife };
  listeners.forEach((listener) => listener(complete));
}

/** The toast component subscribes here. */
export function onNotice(listener: (notice: Notice) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
