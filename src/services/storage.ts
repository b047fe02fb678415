import type { SignedInUser } from '../../contract/auth.schemas';

/** The user a sign-in, a switch or a password update answers: spec §3 fields plus the account state. */
export type SessionUser = SignedInUser & { accountConfigured: boolean };

/** The signed-in user as the browser keeps it under the key `user` (spec §3). */
export interface StoredUser extends SessionUser {
  /** Epoch milliseconds at which the token stops working: now + expiresIn × 1000 at sign-in. */
  expireDateTime: number;
  isLoggedIn: true;
}

const keys = { user: 'user', layout: 'layout', language: 'language' } as const;

/** localStorage in a browser; a memory map where there is none (machine tests run in Node). */
const memory = new Map<string, string>();
const store: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> =
  typeof globalThis.localStorage === 'undefined'
    ? { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value), removeItem: (key) => void memory.delete(key) }
    : globalThis.localStorage;

function readJson(key: string): unknown {
  try {
    return JSON.parse(store.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

/** Turns a server answer into what we store: the expiry is fixed now, from expiresIn. */
export function toStoredUser(user: SessionUser, now = Date.now()): StoredUser {
  return { ...user, accountConfigured: user.accountConfigured !== false, expireDateTime: now + user.expiresIn * 1000, isLoggedIn: true };
}

/**
 * The stored user as written, or null when there is none: what a call's JWT header and the first
 * screen's language read. The session takes it only through restoreUser, which checks its shape.
 */
export function readUser(): StoredUser | null {
  const raw = readJson(keys.user) as Partial<StoredUser> | null;
  if (!raw || typeof raw !== 'object' || typeof raw.expireDateTime !== 'number') return null;
  return { ...(raw as StoredUser), accountConfigured: raw.accountConfigured !== false, isLoggedIn: true };
}

/**
 * The stored user if it has the shape of a signed-in user (contract/auth.schemas.ts), else null
 * and it is forgotten. The schema loads only when a user is stored: the signed-out first screen
 * downloads no zod.
 */
export async function restoreUser(): Promise<StoredUser | null> {
  if (!readUser()) return null;
  const { signedInUser } = await import('../../contract/auth.schemas');
  // Read again: the user may have been removed (signed out in another tab) while the schema loaded.
  const user = readUser();
  if (!user) return null;
  if (signedInUser.safeParse(user).success) return user;
  clearUser();
  return null;
}

export function writeUser(user: StoredUser): void {
  store.setItem(keys.user, JSON.stringify(user));
}

export function clearUser(): void {
  store.removeItem(keys.user);
}

/** The configurator settings ("Your settings"), whatever shape the layout machine gives them. */
export function readLayoutSettings(): Record<string, unknown> | null {
  const raw = readJson(keys.layout);
  return raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : null;
}

export function writeLayoutSettings(settings: object): void {
  store.setItem(keys.layout, JSON.stringify(settings));
}

export function clearLayoutSettings(): void {
  store.removeItem(keys.layout);
}

/** The language chosen in a language menu; it wins over the user's default language. */
export function readLanguageChoice(): string | null {
  const raw = readJson(keys.language);
  return typeof raw === 'string' ? raw : null;
}

export function writeLanguageChoice(locale: string): void {
  store.setItem(keys.language, JSON.stringify(locale));
}
