import * as client from 'openid-client';
import { errorKeys } from '../../../../contract/errors';

const timeoutSeconds = 6; // spec §9
const discoveryTtlMs = 3_600_000;

/** A failed step of the flow: the key the sign-in page shows, and the reason the log keeps. */
export class FlowError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(reason);
  }
}
export const invalid = (reason: string) => new FlowError(errorKeys.invalidToken, reason);
export const unavailable = (reason: string) => new FlowError(errorKeys.thirdPartyOff, reason);

/** What the browser carries between start and callback: the values the callback is checked against. */
export interface Flow {
  state: string;
  nonce: string;
  verifier: string;
}

/** The claims Vigil reads about the user: the subject and, from the id_token or userinfo, the e-mail. */
export interface SignedInClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
}

/** The first FlowError in an error's causes: openid-client wraps what its fetch throws. */
function flowErrorIn(error: unknown): FlowError | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) if (cause instanceof FlowError) return cause;
  return undefined;
}

/** An error's message with openid-client's code (OAUTH_…, or the provider's error), for the log. */
function reasonOf(error: unknown): string {
  const { message, code, error: providerError } = error as { message?: string; code?: string; error?: string };
  return [message, code, providerError].filter(Boolean).join(' ');
}

/** `fetch` whose network failures and time-outs mean the provider is unavailable. */
const fetchOrUnavailable: client.CustomFetch = async (url, options) => {
  try {
    return await fetch(url, options as RequestInit);
  } catch (error) {
    throw unavailable(`${new URL(url).origin} unreachable: ${(error as Error).message}`);
  }
};

/**
 * An OpenID Connect relying party on openid-client: discovery (kept an hour; a failure is retried on
 * the next call), the authorization URL with state, nonce and PKCE (S256), and the callback's checks
 * (state, issuer, code exchange, id_token against the provider's keys, nonce, userinfo subject).
 * The client authenticates with its secret by HTTP Basic, or sends only its id when it has none.
 */
export function createOidcClient(settings: { issuer: string; clientId: string; clientSecret?: string; redirectUri: string }) {
  const issuer = new URL(settings.issuer);
  // openid-client trusts an id_token from the token endpoint on TLS alone unless asked to check its
  // signature against the provider's keys, as Vigil always did. An http: issuer is the operator's
  // choice (a provider on the same host, tests); https: otherwise.
  const execute = [client.enableNonRepudiationChecks, ...(issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [])];
  const requestOptions = { [client.customFetch]: fetchOrUnavailable, timeout: timeoutSeconds, execute };

  async function discover(): Promise<client.Configuration> {
    // RFC 6749 §2.3.1: a provider that issues client secrets must take them by HTTP Basic.
    const authentication = settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None();
    let found: client.Configuration;
    try {
      found = await client.discovery(issuer, settings.clientId, { [client.clockTolerance]: 60 }, authentication, requestOptions);
    } catch (error) {
      throw flowErrorIn(error) ?? unavailable(`discovery refused: ${reasonOf(error)}`);
    }
    const metadata = found.serverMetadata();
    if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) throw unavailable('discovery document is incomplete');
    return found;
  }

  let cached: { at: number; configuration: Promise<client.Configuration> } | undefined;
  function configuration(): Promise<client.Configuration> {
    if (cached && Date.now() - cached.at < discoveryTtlMs) return cached.configuration;
    const loading = discover();
    cached = { at: Date.now(), configuration: loading };
    loading.catch(() => {
      if (cached?.configuration === loading) cached = undefined;
    });
    return loading;
  }

  return {
    /** A new flow and the provider's authorization URL for it. */
    async start(): Promise<{ flow: Flow; url: URL }> {
      const config = await configuration();
      const flow: Flow = { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier() };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
      });
      return { flow, url };
    },

    /** Checks the provider's answer (the callback's query) against the flow and returns the user's claims. */
    async finish(callbackQuery: string, flow: Flow): Promise<SignedInClaims> {
      const config = await configuration();
      const current = new URL(settings.redirectUri);
      current.search = callbackQuery;
      try {
        const tokens = await client.authorizationCodeGrant(config, current, { expectedState: flow.state, expectedNonce: flow.nonce, pkceCodeVerifier: flow.verifier, idTokenExpected: true });
        const claims = tokens.claims()!;
        if (typeof claims.email === 'string' || !config.serverMetadata().userinfo_endpoint || !tokens.access_token) return claims;
        // The id_token carries no e-mail: userinfo does, about the same subject (openid-client checks it).
        return await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      } catch (error) {
        throw flowErrorIn(error) ?? invalid(reasonOf(error));
      }
    },
  };
}
