import { inflateRawSync } from 'node:zlib';

/** One entry of a ZIP central directory. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** Why a ZIP is refused before a spreadsheet library inflates it. */
export type ZipRefusal = 'notZip' | 'tooLarge' | 'lying';

export class ZipGuardError extends Error {
  constructor(readonly reason: ZipRefusal) {
    super(`zip refused: ${reason}`);
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * Reads the central directory of a ZIP (XLSX and ODS are ZIPs) without inflating anything. ZIP64
 * archives (sizes over 4 GB or more than 65,535 entries) are refused as too large.
 */
export function readCentralDirectory(buffer: Buffer): ZipEntry[] {
  const minEocd = Math.max(0, buffer.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buffer.length - 22; i >= minEocd; i -= 1) {
    if (buffer.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipGuardError('notZip');
  const count = buffer.readUInt16LE(eocd + 10);
  const size = buffer.readUInt32LE(eocd + 12);
  const offset = buffer.readUInt32LE(eocd + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw new ZipGuardError('tooLarge');
  if (offset + size > buffer.length) throw new ZipGuardError('notZip');
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== CENTRAL) throw new ZipGuardError('notZip');
    const method = buffer.readUInt16LE(at + 10);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const uncompressedSize = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const localHeaderOffset = buffer.readUInt32LE(at + 42);
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) throw new ZipGuardError('tooLarge');
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    entries.push({ name, method, compressedSize, uncompressedSize, localHeaderOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Refuses a ZIP whose parts together inflate beyond `maxUncompressed`, then checks that no part
 * inflates beyond what the directory declares (a bomb may lie about its sizes): each part is
 * inflated with an output cap, so the check itself can never allocate more than the cap.
 */
export function guardZip(buffer: Buffer, maxUncompressed: number): ZipEntry[] {
  const entries = readCentralDirectory(buffer);
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (total > maxUncompressed) throw new ZipGuardError('tooLarge');
  }
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    const at = entry.localHeaderOffset;
    if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== LOCAL) throw new ZipGuardError('notZip');
    const dataStart = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
    const data = buffer.subarray(dataStart, dataStart + entry.compressedSize);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) throw new ZipGuardError('lying');
      continue;
    }
    if (entry.method !== 8) throw new ZipGuardError('notZip');
    let inflated: Buffer;
    try {
      inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipGuardError('lying');
      throw new ZipGuardError('notZip');
    }
    if (inflated.length !== entry.uncompressedSize) throw new ZipGuardError('lying');
  }
  return entries;
}
