/**
 * npm run addresses:import -- <file>…: loads French national address files (BAN per-department
 * exports or BAL files, .csv or .csv.gz) into the configured database, for house-number geocoding.
 * Migrations are applied first, so a fresh DATA_DIR works. On PGlite, stop the server first (one
 * process owns the embedded database); on PostgreSQL, servers may run meanwhile.
 */
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/database';
import { importAddressFile, UnknownAddressLayout } from '../server/src/modules/addresses/import';

const files = process.argv.slice(2).filter((argument) => argument !== '--');
if (files.length === 0) {
  console.error('Usage: npm run addresses:import -- <adresses-XX.csv[.gz] | bal-XXXXX.csv[.gz]>…');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS });
const count = new Intl.NumberFormat('en');
let failed = false;
try {
  for (const file of files) {
    let last = 0;
    try {
      const report = await importAddressFile(database, file, (progress) => {
        if (performance.now() - last < 1000) return;
        last = performance.now();
        process.stderr.write(`\r${file}: ${count.format(progress.rows)} rows read, ${count.format(progress.written)} written, ${count.format(progress.bad)} bad`);
      });
      process.stderr.write('\n');
      const rate = report.seconds > 0 ? Math.round(report.written / report.seconds) : report.written;
      console.log(`${file} (${report.layout}): ${count.format(report.written)} addresses written in ${report.seconds.toFixed(1)} s (${count.format(rate)} rows/s), ${count.format(report.bad)} bad rows`);
      for (const bad of report.badRows) console.log(`  line ${bad.line}: ${bad.reason}`);
      if (report.bad > report.badRows.length) console.log(`  … and ${count.format(report.bad - report.badRows.length)} more`);
    } catch (error) {
      failed = true;
      console.error(error instanceof UnknownAddressLayout ? error.message : `${file}: ${(error as Error).message}`);
    }
  }
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
