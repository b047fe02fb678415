import { createReadStream } from 'node:fs';

/** Delimiters a CSV may use, in the order ties are broken. */
const delimiters = [';', ',', '\t', '|'] as const;

/** Encodings a CSV may come in. Excel's "Unicode text" export is UTF-16 with a BOM. */
export type CsvEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

/**
 * Finds the encoding of a text file by reading it once: a UTF-16 BOM says so; otherwise the file is
 * UTF-8 (with or without BOM) when every byte sequence is valid UTF-8, else Windows-1252 (what
 * Excel writes on a French Windows).
 */
export async function detectEncoding(path: string): Promise<CsvEncoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let first = true;
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
      if (first) {
        first = false;
        if (chunk[0] === 0xff && chunk[1] === 0xfe) return 'utf-16le';
        if (chunk[0] === 0xfe && chunk[1] === 0xff) return 'utf-16be';
      }
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The delimiter used most outside quotes on the first line (`;` wins ties: French Excel). */
export function detectDelimiter(firstLine: string): string {
  const counts = new Map<string, number>(delimiters.map((d) => [d, 0]));
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best: string = ',';
  let bestCount = 0;
  for (const [delimiter, count] of counts) {
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/** The first line of a text (outside quotes), for delimiter detection. */
function firstLineOf(text: string): string | undefined {
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) return text.slice(0, i);
  }
  return undefined;
}

/**
 * Trims a cell and undoes the guards spreadsheets put on values: Excel's `="0123"` that keeps
 * leading zeros, and the apostrophe exports put before a text starting like a formula ('-1).
 */
export function cleanCell(value: string): string {
  const trimmed = value.replace(/^[\s\u00a0\ufeff]+|[\s\u00a0]+$/g, '');
  const guarded = /^="(.*)"$/.exec(trimmed);
  if (guarded) return guarded[1];
  return /^'[=+\-@]/.test(trimmed) ? trimmed.slice(1) : trimmed;
}

/**
 * An RFC 4180 parser fed with text chunks: quoted fields (with "" for a quote) may hold delimiters
 * and line breaks; CRLF, LF and CR all end a record. It keeps only the current record in memory.
 */
export class CsvParser {
  private field = '';
  private record: string[] = [];
  private quoted = false;
  /** The previous chunk ended on a quote inside a quoted field: "" or the end of the quotes. */
  private pendingQuote = false;
  private afterCr = false;
  private fieldStarted = false;

  constructor(private readonly delimiter: string) {}

  /** Parses a chunk and hands every record it completes to `onRecord`. */
  push(text: string, onRecord: (record: string[]) => void): void {
    const delimiter = this.delimiter;
    for (let i = 0; i < text.length; i += 1) {
      const char = text[i];
      if (this.pendingQuote) {
        this.pendingQuote = false;
        if (char === '"') {
          this.field += '"';
          continue;
        }
        this.quoted = false;
      }
      if (this.quoted) {
        if (char === '"') {
          if (i + 1 < text.length) {
            if (text[i + 1] === '"') {
              this.field += '"';
              i += 1;
            } else this.quoted = false;
          } else this.pendingQuote = true;
        } else this.field += char;
        continue;
      }
      if (this.afterCr) {
        this.afterCr = false;
        if (char === '\n') continue;
      }
      if (char === delimiter) {
        this.record.push(this.field);
        this.field = '';
        this.fieldStarted = false;
      } else if (char === '\n' || char === '\r') {
        this.afterCr = char === '\r';
        this.record.push(this.field);
        onRecord(this.record);
        this.record = [];
        this.field = '';
        this.fieldStarted = false;
      } else if (char === '"' && !this.fieldStarted && this.field.trim() === '') {
        this.quoted = true;
        this.field = '';
        this.fieldStarted = true;
      } else {
        this.field += char;
        this.fieldStarted = true;
      }
    }
  }

  /** Ends the text: a last record without a final line break is handed over too. */
  end(onRecord: (record: string[]) => void): void {
    if (this.pendingQuote) this.quoted = false;
    if (this.field !== '' || this.record.length > 0) {
      this.record.push(this.field);
      onRecord(this.record);
    }
    this.record = [];
    this.field = '';
  }
}

export interface CsvRecordSource {
  encoding: CsvEncoding;
  delimiter: string;
  /** Every record with its number (1-based), in order; the callback may wait (flow control). */
  records(onRecord: (record: string[], index: number) => Promise<void> | void): Promise<void>;
}

/** Opens a CSV file for streaming: detects the encoding and the delimiter, then yields records. */
export async function openCsv(path: string): Promise<CsvRecordSource> {
  const encoding = await detectEncoding(path);
  const delimiter = await sniffDelimiter(path, encoding);
  return {
    encoding,
    delimiter,
    async records(onRecord) {
      const decoder = new TextDecoder(encoding);
      const parser = new CsvParser(delimiter);
      let index = 0;
      const pending: string[][] = [];
      const collect = (record: string[]) => pending.push(record);
      for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
        parser.push(decoder.decode(chunk, { stream: true }), collect);
        for (const record of pending.splice(0)) await onRecord(record, (index += 1));
      }
      parser.push(decoder.decode(), collect);
      parser.end(collect);
      for (const record of pending.splice(0)) await onRecord(record, (index += 1));
    },
  };
}

async function sniffDelimiter(path: string, encoding: CsvEncoding): Promise<string> {
  const decoder = new TextDecoder(encoding);
  let text = '';
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    text += decoder.decode(chunk, { stream: true });
    const line = firstLineOf(text.replace(/^(?:\s*\r?\n)+/, ''));
    if (line !== undefined) return detectDelimiter(line);
    if (text.length > 4 * 1024 * 1024) break;
  }
  return detectDelimiter(text);
}
