import type { SessionUser } from './storage';

/** What the server put in the fragment when it redirected back from the identity provider. */
export type ThirdPartyReturn = { ok: true; user: SessionUser } | { ok: false; key: string } | null;

function decodeBase64Url(value: string): string {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads `#thirdParty=<base64url JSON of the signed-in user>` (or `#thirdPartyError=<key>`) from the
 * sign-in page address: the user is built locally, with no call (spec §7). Null when neither is there.
 * The user's schema loads only when the fragment carries one.
 */
export async function readThirdPartyReturn(hash: string): Promise<ThirdPartyReturn> {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('thirdPartyError');
  if (error) return { ok: false, key: error };
  const encoded = params.get('thirdParty');
  if (!encoded) return null;
  try {
    const raw = JSON.parse(decodeBase64Url(encoded)) as Record<string, unknown>;
    const { signedInUser } = await import('../../contract/auth.schemas');
    const parsed = signedInUser.safeParse(raw);
    if (!parsed.success) return { ok: false, key: 'error.server-access-api' };
    return { ok: true, user: { ...parsed.data, accountConfigured: raw.accountConfigured !== false } };
  } catch {
    return { ok: false, key: 'error.server-access-api' };
  }
}
