import { defineConfig } from 'drizzle-kit';

/** drizzle-kit generates server/src/db/migrations from the schema files; the server applies them at start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema/*.ts',
  out: './server/src/db/migrations',
});
