import { z } from 'zod';
import { basemap } from './tiles.schemas';

/** Password rules of spec §5: at least 16 characters with upper case, lower case, digit and special character. */
export const passwordMinLength = 16;
export const passwordRules = {
  length: (value: string) => value.length >= passwordMinLength,
  upper: (value: string) => /\p{Lu}/u.test(value),
  lower: (value: string) => /\p{Ll}/u.test(value),
  digit: (value: string) => /\d/.test(value),
  special: (value: string) => /[^\p{L}\d]/u.test(value),
} as const;
export type PasswordRule = keyof typeof passwordRules;

/** The rules a password breaks, in display order; empty when it is acceptable. */
export function brokenPasswordRules(value: string): PasswordRule[] {
  return (Object.keys(passwordRules) as PasswordRule[]).filter((rule) => !passwordRules[rule](value));
}

export const password = z.string().max(256).refine((value) => brokenPasswordRules(value).length === 0, { message: 'error.auth.password-rules' });

export const signInBody = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(256),
  timezone: z.string().max(64).optional(),
  lang: z.string().max(10).optional(),
  rememberMe: z.boolean().optional(),
});

/** The signed-in user as the SPA stores it under the key `user` (spec §3), minus the client-side fields. */
export const signedInUser = z.object({
  token: z.string(),
  expiresIn: z.number().int(),
  id: z.number().int(),
  idGroup: z.number().int(),
  siteId: z.number().int(),
  accountName: z.string(),
  accountLogo: z.string().nullable(),
  defaultLanguage: z.string(),
  email: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type SignedInUser = z.infer<typeof signedInUser>;

/** The new password; the current one too, except on the forced update (group 100001). */
export const updatePasswordBody = z.object({ password, currentPassword: z.string().min(1).max(256).optional() });

export const extraInfosQuery = z.object({ origin: z.string().max(500).optional() });
export const extraInfos = z.object({
  thirdParty: z.object({ enabled: z.boolean(), label: z.string(), url: z.string().nullable() }),
  env: z.string(),
  /** The basemap the maps draw (contract/tiles.schemas.ts). */
  basemap,
  analyticsUrl: z.string(),
  errorReportingUrl: z.string(),
  wsPath: z.string(),
});

export const forgotBody = z.object({
  email: z.email().max(254),
  baseUrl: z.string().max(500).optional(),
  idSite: z.coerce.number().int().optional(),
});

export const renewBody = z.object({
  token: z.string().min(1).max(200),
  password,
  idUser: z.coerce.number().int(),
  idSite: z.coerce.number().int().optional(),
  baseUrl: z.string().max(500).optional(),
});

export const verifyTokenBody = z.object({ token: z.string().min(1).max(200), idUser: z.coerce.number().int() });

/** The tag of the programme's administering account: it manages the accounts its users reach by third-party access. */
export const defaultAdminTag = 'DEFAULT_ADMIN';

export const accountSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  tag: z.string().nullable(),
  logo: z.string().nullable(),
  country: z.string(),
  parentId: z.number().int().nullable(),
});
export type AccountSummary = z.infer<typeof accountSummary>;

export const thirdAccess = z.object({ accountList: z.array(accountSummary), selectedAccount: z.number().int() });
export const switchQuery = z.object({ idAccount: z.coerce.number().int() });
