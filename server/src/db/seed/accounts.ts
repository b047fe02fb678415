import { hash } from '@node-rs/argon2';
import type { Db } from '../database';
import { accounts, userAccounts, users } from '../schema/accounts';

/** The password of every demo user (it meets the rules of spec §5). */
export const demoPassword = 'Vigil-Demo-2026!';

/** Demo sign-ins printed at start: one per group and the two special pages. */
export const demoUsers = [
  { email: 'admin@vigil.test', idGroup: 1, firstName: 'Alice', lastName: 'Martin', note: 'super administrator, third-party access to 3 accounts' },
  { email: 'operator@vigil.test', idGroup: 5, firstName: 'Olivier', lastName: 'Bernard', note: 'operator (dispatcher)' },
  { email: 'administrator@vigil.test', idGroup: 6, firstName: 'Amandine', lastName: 'Petit', note: 'administrator, third-party access to SDIS 03' },
  { email: 'referent@vigil.test', idGroup: 7, firstName: 'Rémi', lastName: 'Durand', note: 'referent' },
  { email: 'aed-manager@vigil.test', idGroup: 8, firstName: 'Margot', lastName: 'Leroy', note: 'AED manager' },
  { email: 'aed-editor@vigil.test', idGroup: 9, firstName: 'Enzo', lastName: 'Moreau', note: 'AED editor' },
  { email: 'newcomer@vigil.test', idGroup: 5, firstName: 'Nina', lastName: 'Simon', note: 'must change password first', mustChangePassword: true },
  { email: 'norights@vigil.test', idGroup: 2, firstName: 'Hugo', lastName: 'Laurent', note: 'group without routes: error page' },
  { email: 'waiting@vigil.test', idGroup: 5, firstName: 'Wendy', lastName: 'Garnier', note: 'account being configured', site: 'waiting' },
] as const;

export interface SeededAccounts {
  sdis63: number;
  codis63: number;
  sdis03: number;
  luxembourg: number;
  publicApp: number;
  geodae: number;
}

/** Accounts and users of the demo: a French fire service with a child site, a second département, Luxembourg. */
export async function seedAccounts(db: Db): Promise<SeededAccounts> {
  const insert = async (values: typeof accounts.$inferInsert) => (await db.insert(accounts).values(values).returning({ id: accounts.id }))[0].id;
  const sdis63 = await insert({ name: 'SDIS 63 — Puy-de-Dôme', kind: 'internal', tag: 'DEFAULT_ADMIN', country: 'FR', logo: '/logos/sdis63.svg' });
  const codis63 = await insert({ name: 'CODIS 63 — Clermont-Ferrand', kind: 'internal', country: 'FR', parentId: sdis63, logo: '/logos/sdis63.svg' });
  const sdis03 = await insert({ name: 'SDIS 03 — Allier', kind: 'internal', country: 'FR', logo: '/logos/sdis03.svg' });
  const luxembourg = await insert({ name: 'CGDIS — Luxembourg', kind: 'internal', country: 'LU', logo: '/logos/cgdis.svg' });
  const publicApp = await insert({ name: 'Vigil public app', kind: 'publicApp', country: 'FR', parentId: sdis63 });
  const geodae = await insert({ name: 'GeoDAE national register', kind: 'external', country: 'FR', parentId: sdis63 });
  const waiting = await insert({ name: 'SDIS 15 — Cantal (being configured)', kind: 'internal', country: 'FR', configured: false });

  const passwordHash = await hash(demoPassword);
  for (const user of demoUsers) {
    const siteId = 'site' in user ? waiting : sdis63;
    const [row] = await db
      .insert(users)
      .values({
        email: user.email,
        username: user.email,
        passwordHash,
        idGroup: user.idGroup,
        siteId,
        firstName: user.firstName,
        lastName: user.lastName,
        defaultLanguage: 'fr_FR',
        mustChangePassword: 'mustChangePassword' in user,
      })
      .returning({ id: users.id });
    if (user.idGroup === 1) {
      await db.insert(userAccounts).values([sdis03, luxembourg, codis63].map((accountId) => ({ userId: row.id, accountId })));
    }
    if (user.email === 'administrator@vigil.test') await db.insert(userAccounts).values({ userId: row.id, accountId: sdis03 });
  }
  return { sdis63, codis63, sdis03, luxembourg, publicApp, geodae };
}
