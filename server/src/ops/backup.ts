import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

const extensions = { cube, earthdistance, pg_trgm, unaccent };

/** What a backup archive holds besides the database: uploaded files and mails. */
const keptFolders = ['files', 'mail'];

/**
 * Writes one .tar.gz with the database (a PGlite data-dir dump, or a pg_dump custom-format file
 * when `databaseUrl` is set) and the uploaded files. Vigil should be stopped for an embedded backup:
 * PGlite is one process's database.
 */
export async function backup(options: { dataDir: string; databaseUrl?: string; out: string; filesOnly?: boolean }): Promise<string> {
  const staging = mkdtempSync(join(tmpdir(), 'vigil-backup-'));
  try {
    if (options.filesOnly) {
      // Files alone: the database is copied another way (the test template uses CREATE DATABASE … TEMPLATE).
    } else if (options.databaseUrl) {
      execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${join(staging, 'database.pgdump')}`, options.databaseUrl]);
    } else {
      const db = await PGlite.create(join(options.dataDir, 'pglite'), { extensions });
      const dump = await db.dumpDataDir('gzip');
      writeFileSync(join(staging, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
      await db.close();
    }
    for (const folder of keptFolders) {
      const source = join(options.dataDir, folder);
      if (existsSync(source)) cpSync(source, join(staging, folder), { recursive: true });
    }
    const engine = options.filesOnly ? 'none' : options.databaseUrl ? 'postgres' : 'pglite';
    writeFileSync(join(staging, 'manifest.json'), JSON.stringify({ createdAt: new Date().toISOString(), engine }));
    const out = resolve(options.out);
    mkdirSync(resolve(out, '..'), { recursive: true });
    execFileSync('tar', ['-czf', out, '-C', staging, '.']);
    return out;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Restores an archive written by `backup` into an empty data folder (or an empty PostgreSQL database). */
export async function restore(options: { dataDir: string; databaseUrl?: string; archive: string }): Promise<void> {
  const staging = mkdtempSync(join(tmpdir(), 'vigil-restore-'));
  try {
    execFileSync('tar', ['-xzf', resolve(options.archive), '-C', staging]);
    const manifest = JSON.parse(readFileSync(join(staging, 'manifest.json'), 'utf8')) as { engine: string };
    if (manifest.engine === 'none') {
      // A files-only archive: the database is restored another way.
    } else if (options.databaseUrl) {
      if (manifest.engine !== 'postgres') throw new Error(`${basename(options.archive)} holds an embedded database; restore it with DATABASE_URL unset`);
      restorePostgres(options.databaseUrl, join(staging, 'database.pgdump'));
    } else {
      if (manifest.engine !== 'pglite') throw new Error(`${basename(options.archive)} holds a PostgreSQL dump; restore it with DATABASE_URL set`);
      const target = join(options.dataDir, 'pglite');
      if (existsSync(target) && readdirSync(target).length > 0) throw new Error(`${target} is not empty: move it away before restoring`);
      mkdirSync(target, { recursive: true });
      const dump = new Blob([readFileSync(join(staging, 'pglite.tar.gz'))]);
      const db = await PGlite.create(target, { extensions, loadDataDir: dump });
      await db.query('SELECT 1');
      await db.close();
    }
    for (const folder of keptFolders) {
      const source = join(staging, folder);
      if (existsSync(source)) cpSync(source, join(options.dataDir, folder), { recursive: true });
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * pg_restore empties search_path, but earthdistance's ll_to_earth calls earth() unqualified, so the
 * GiST indexes on ll_to_earth cannot be rebuilt that way. Tables and data go through pg_restore; the
 * indexes and constraints run through psql with the public schema on the path.
 */
function restorePostgres(databaseUrl: string, dumpFile: string): void {
  execFileSync('pg_restore', ['--no-owner', '--exit-on-error', '--section=pre-data', '--section=data', `--dbname=${databaseUrl}`, dumpFile]);
  const postData = execFileSync('pg_restore', ['--no-owner', '--section=post-data', '--file=-', dumpFile], { maxBuffer: 256 * 1024 * 1024 }).toString();
  const script = postData.replace("SELECT pg_catalog.set_config('search_path', '', false);", 'SET search_path = public, pg_catalog;');
  execFileSync('psql', ['--quiet', '--no-psqlrc', '-v', 'ON_ERROR_STOP=1', `--dbname=${databaseUrl}`], { input: script });
}
