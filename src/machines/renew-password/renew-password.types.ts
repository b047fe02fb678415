import type { Result } from '../../services/http';

/** What the mailed link carries (token and id in the query), plus where a new link would point. */
export interface RenewPasswordInput {
  token: string | null;
  idUser: number | null;
  idSite?: number;
  baseUrl: string;
}

export interface RenewPasswordContext extends RenewPasswordInput {
  errorKey: string | null;
}

export type RenewPasswordEvent = { type: 'renew.submit'; password: string };

export type RenewOutcome = Result<unknown>;
