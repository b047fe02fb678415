/** npm run restore -- archive.tar.gz: restores a backup into an empty DATA_DIR or database. */
import { loadConfig } from '../server/src/config';
import { restore } from '../server/src/ops/backup';

const archive = process.argv[2];
if (!archive) {
  console.error('usage: npm run restore -- <archive.tar.gz>');
  process.exit(2);
}
const config = loadConfig();
await restore({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, archive });
console.log(`Restored ${archive} into ${config.DATABASE_URL ? 'the PostgreSQL database' : config.DATA_DIR}`);
