import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, jwtVerify } from 'jose';

/** What a session token carries. `grp` is the effective group (100001 while a password must change). */
export interface SessionClaims {
  userId: number;
  idGroup: number;
  siteId: number;
  tokenVersion: number;
}

/** Signs and checks session tokens (HS256). */
export interface Tokens {
  sign(claims: SessionClaims, ttlSeconds: number): Promise<string>;
  verify(token: string): Promise<SessionClaims | undefined>;
}

/** How many verified tokens are remembered: one per active session is plenty. */
const maxVerified = 10_000;

export function createTokens(secret: string): Tokens {
  const key = new TextEncoder().encode(secret);
  // A token's signature is checked once: the same string is then known good until it expires.
  // (Its user's standing is still checked on every request, in authenticate.ts.)
  const verified = new Map<string, { claims: SessionClaims; expiresAt: number }>();
  return {
    async sign(claims, ttlSeconds) {
      return new SignJWT({ grp: claims.idGroup, site: claims.siteId, ver: claims.tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const claims = {
          userId: Number(payload.sub),
          idGroup: Number(payload.grp),
          siteId: Number(payload.site),
          tokenVersion: Number(payload.ver),
        };
        if (verified.size >= maxVerified) verified.clear();
        verified.set(token, { claims, expiresAt: Number(payload.exp) * 1000 });
        return claims;
      } catch {
        return undefined;
      }
    },
  };
}

/** The configured secret, or one generated once into the data folder for embedded use. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  if (dataDir === 'memory://') return randomBytes(32).toString('hex');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
