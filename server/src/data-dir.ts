import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** DATA_DIR cannot be used: the message is the one line the start prints. */
export class DataDirError extends Error {}

/** The cause of a file-system error in words an operator acts on. */
function causeOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const causes: Record<string, string> = {
    EROFS: 'the file system is read-only',
    ENOSPC: 'no space left on the device',
    EDQUOT: 'the disk quota is exhausted',
    ENOTDIR: 'a file stands where a folder of its path should be',
    EEXIST: 'a file, not a folder, has that name',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
  };
  return (code && causes[code]) ?? (error as Error).message;
}

/** Size of the probe written at start: a full disk shows here, not in the middle of an alert. */
const probeBytes = 64 * 1024;

/**
 * Makes DATA_DIR ready, owner-only (0700, files 0600: it holds the database, the session secret,
 * mails and uploaded files), and proves it writable. Throws a DataDirError naming DATA_DIR and the
 * cause when it is read-only, full, or blocked by a file in its path.
 */
export function prepareDataDir(dataDir: string): void {
  if (dataDir === 'memory://') return;
  // Everything this process creates from now on is the owner's only.
  try {
    process.umask(0o077);
  } catch {
    // Worker threads cannot set it; the folder's own mode still applies.
  }
  try {
    makeFolder(dataDir);
    try {
      chmodSync(dataDir, 0o700);
    } catch {
      // A folder owned by another user keeps its mode; writing below proves it usable.
    }
    const probe = join(dataDir, `.write-probe-${process.pid}`);
    try {
      writeFileSync(probe, Buffer.alloc(probeBytes), { mode: 0o600 });
    } finally {
      rmSync(probe, { force: true });
    }
  } catch (error) {
    throw new DataDirError(`DATA_DIR (${dataDir}) cannot be used: ${causeOf(error)}`);
  }
}

/**
 * mkdir -p of DATA_DIR. A recursive mkdir under a read-only parent reports ENOENT; making the first
 * missing folder alone then tells the real cause (EROFS, EACCES).
 */
function makeFolder(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    let missing = dataDir;
    while (!existsSync(dirname(missing)) && dirname(missing) !== missing) missing = dirname(missing);
    mkdirSync(missing, { mode: 0o700 });
    throw error;
  }
}
