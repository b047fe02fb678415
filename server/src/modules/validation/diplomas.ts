import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Diploma files live under DATA_DIR/files; the responder row keeps the path relative to it. */
export function filesRoot(dataDir: string): string {
  return resolve(dataDir, 'files');
}

/** The absolute path of a stored reference, or undefined when it would leave the files folder. */
export function resolveStored(dataDir: string, reference: string): string | undefined {
  const root = filesRoot(dataDir);
  const path = resolve(root, reference);
  return path.startsWith(root + sep) ? path : undefined;
}

/** Writes a diploma file and returns the reference to store (diplomas/<name>). */
export async function storeDiploma(dataDir: string, name: string, bytes: Buffer): Promise<string> {
  const path = join(filesRoot(dataDir), 'diplomas', name);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
  return relative(filesRoot(dataDir), path).split(sep).join('/');
}

/** Reads a stored file; undefined when it is missing or outside the folder. */
export async function readStored(dataDir: string, reference: string): Promise<Buffer | undefined> {
  const path = resolveStored(dataDir, reference);
  if (!path) return undefined;
  try {
    return await readFile(path);
  } catch {
    return undefined;
  }
}

/** The media type of an image or PDF from its first bytes (never from the file name). */
export function mediaTypeOf(bytes: Buffer): { type: string; extension: string } | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { type: 'image/png', extension: 'png' };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { type: 'image/jpeg', extension: 'jpg' };
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return { type: 'image/webp', extension: 'webp' };
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { type: 'application/pdf', extension: 'pdf' };
  return undefined;
}
