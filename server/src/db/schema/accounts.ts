import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Accounts (sites): a tree of organisations that own alerts, AEDs and users. */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: varchar('name', { length: 200 }).notNull(),
    /** internal (a service of ours), publicApp (the public responder app), external (an outside AED source). */
    kind: varchar('kind', { length: 20 }).notNull().default('internal'),
    tag: varchar('tag', { length: 60 }),
    logo: text('logo'),
    country: varchar('country', { length: 2 }).notNull().default('FR'),
    /** False while the account is being configured: its users see the waiting page. */
    configured: boolean('configured').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_parent_idx').on(t.parentId)],
);

/** Staff users. idGroup is the real group; the pseudo-groups 100001/100002 are derived at sign-in. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    username: varchar('username', { length: 254 }).notNull(),
    passwordHash: text('password_hash'),
    idGroup: integer('id_group').notNull(),
    siteId: integer('site_id').notNull().references(() => accounts.id),
    firstName: varchar('first_name', { length: 100 }).notNull().default(''),
    lastName: varchar('last_name', { length: 100 }).notNull().default(''),
    defaultLanguage: varchar('default_language', { length: 10 }).notNull().default('en_US'),
    /** Set by staff or by an expired password: the next sign-in lands on the forced update page. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Raised on password change: older session tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    failedSignins: integer('failed_signins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email), index('users_site_idx').on(t.siteId)],
);

/** Third-party access: accounts a user may switch to besides their own. */
export const userAccounts = pgTable(
  'user_accounts',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId] })],
);

/** Password renewal tokens: only a hash is kept, each used once, valid for an hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_token_idx').on(t.tokenHash)],
);
