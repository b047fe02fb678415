import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A text sorted as readers expect names: accents and case after the letter ("Élodie" with E, not
 * after Z), the same on PGlite and PostgreSQL. The collation `name_order` (ICU root, migration
 * 0040) is the one place to change it; indexes that serve a name order are built with it.
 */
export function nameOrder(text: SQLWrapper): SQL {
  return sql`${text} COLLATE name_order`;
}
