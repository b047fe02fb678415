import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, jwtVerify } from 'jose';

/** What a session token carries. `grp` is the effective group (100001 while a password must change). */
export interface SessionClaims {
  userId: number;
  idGroup: number;
  siteId: number;
  tokenVersion: number;
  /** False while the account is still being configured: the session may only wait (and switch). Default true. */
  accountConfigured?: boolean;
}

/** A verified token: its claims, its id (what a logout revokes) and its expiry (ms since the epoch). */
export interface VerifiedToken extends SessionClaims {
  accountConfigured: boolean;
  tokenId: string;
  expiresAt: number;
}

/** Signs and checks session tokens (HS256). */
export interface Tokens {
  sign(claims: SessionClaims, ttlSeconds: number): Promise<string>;
  verify(token: string): Promise<VerifiedToken | undefined>;
}

/** How many verified tokens are remembered: one per active session is plenty. */
const maxVerified = 10_000;

export function createTokens(secret: string): Tokens {
  const key = new TextEncoder().encode(secret);
  // A token's signature is checked once: the same string is then known good until it expires.
  // (Its user's standing is still checked on every request, in authenticate.ts.)
  const verified = new Map<string, VerifiedToken>();
  return {
    async sign(claims, ttlSeconds) {
      return new SignJWT({ grp: claims.idGroup, site: claims.siteId, ver: claims.tokenVersion, cfg: claims.accountConfigured ?? true })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return known;
        verified.delete(token);
      }
      try {
        // A token without an expiry or an id would live forever and could not be revoked.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'jti', 'sub'] });
        const claims: VerifiedToken = {
          userId: Number(payload.sub),
          idGroup: Number(payload.grp),
          siteId: Number(payload.site),
          tokenVersion: Number(payload.ver),
          accountConfigured: payload.cfg !== false,
          tokenId: String(payload.jti),
          expiresAt: Number(payload.exp) * 1000,
        };
        if (![claims.userId, claims.idGroup, claims.siteId, claims.tokenVersion].every(Number.isInteger)) return undefined;
        if (verified.size >= maxVerified) verified.clear();
        verified.set(token, claims);
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
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
