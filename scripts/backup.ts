/** npm run backup [-- out.tar.gz]: backs up the configured database and DATA_DIR files. */
import { loadConfig } from '../server/src/config';
import { backup } from '../server/src/ops/backup';

const config = loadConfig();
const out = process.argv[2] ?? `backups/vigil-${new Date().toISOString().replaceAll(':', '-')}.tar.gz`;
const written = await backup({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, out });
console.log(`Backup written to ${written}`);
