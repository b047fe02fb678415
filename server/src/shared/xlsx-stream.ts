import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

/**
 * A streaming .xlsx writer: one worksheet of inline strings, written row batch by row batch
 * through a deflating zip stream, so memory stays bounded whatever the number of rows. Strings
 * that a spreadsheet would read as a formula (= + - @ tab CR) get a leading apostrophe.
 */
export type Cell = string | number | boolean | null | undefined;

const encoder = new TextEncoder();
const invalidXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Neutralises spreadsheet formula injection (OWASP "CSV injection"). */
export function neutralise(text: string): string {
  const first = text.charCodeAt(0);
  // = + - @ tab CR
  return first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13 ? `'${text}` : text;
}

const needsEscape = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeXml(text: string): string {
  if (!needsEscape.test(text)) return text;
  return text.replace(invalidXml, '').replace(/[&<>"]/g, (char) => entities[char]);
}

/** One cell as sheet XML (inline string, number or boolean; empty for null). */
export function cellXml(value: Cell): string {
  if (value === null || value === undefined || value === '') return '<c/>';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c><v>${value}</v></c>` : '<c/>';
  if (typeof value === 'boolean') return `<c t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = escapeXml(neutralise(value));
  const space = text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32 ? ' xml:space="preserve"' : '';
  return `<c t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

/** One row of cells as sheet XML. */
export function rowXml(cells: Cell[]): string {
  return `<row>${cells.map(cellXml).join('')}</row>`;
}

interface Entry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function dosDateTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** Writes zip entries one after the other into `output`, each deflated as it streams. */
class ZipWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private readonly stamp = dosDateTime(new Date());

  constructor(private readonly output: PassThrough) {}

  private async push(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (!this.output.write(chunk)) await once(this.output, 'drain');
  }

  /** Streams one file: `produce` calls `write` as often as it wants. */
  async file(name: string, produce: (write: (text: string) => Promise<void>) => Promise<void>): Promise<void> {
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0808, 6); // sizes in the data descriptor, UTF-8 names
    header.writeUInt16LE(8, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.day, 12);
    header.writeUInt16LE(nameBytes.length, 26);
    const entry: Entry = { name: nameBytes, crc: 0, compressed: 0, size: 0, offset: this.offset };
    await this.push(Buffer.concat([header, nameBytes]));

    const deflate = createDeflateRaw({ level: constants.Z_BEST_SPEED });
    const pending: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => pending.push(chunk));
    const flushPending = async () => {
      while (pending.length) {
        const chunk = pending.shift()!;
        entry.compressed += chunk.length;
        await this.push(chunk);
      }
    };
    const write = async (text: string) => {
      const bytes = encoder.encode(text);
      entry.crc = crc32(bytes, entry.crc);
      entry.size += bytes.length;
      if (!deflate.write(bytes)) await once(deflate, 'drain');
      await flushPending();
    };
    await produce(write);
    const ended = once(deflate, 'end');
    deflate.end();
    await ended;
    await flushPending();

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.push(descriptor);
    this.entries.push(entry);
  }

  async close(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(0x0808, 8);
      record.writeUInt16LE(8, 10);
      record.writeUInt16LE(this.stamp.time, 12);
      record.writeUInt16LE(this.stamp.day, 14);
      record.writeUInt32LE(entry.crc >>> 0, 16);
      record.writeUInt32LE(entry.compressed, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      record.writeUInt32LE(entry.offset, 42);
      await this.push(Buffer.concat([record, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.push(end);
    this.output.end();
  }
}

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const staticParts: Record<string, string> = {
  '[Content_Types].xml': `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  '_rels/.rels': `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/_rels/workbook.xml.rels': `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
};

/**
 * Streams a one-sheet workbook: `rows` yields sheet XML, a batch of `<row>` elements at a time
 * (see rowXml and cellXml; the first batch usually holds the header). Returns the readable stream
 * at once; failures destroy it.
 */
export function streamWorkbook(sheetName: string, rows: AsyncIterable<string>, onError: (error: unknown) => void): PassThrough {
  const output = new PassThrough({ highWaterMark: 256 * 1024 });
  const zip = new ZipWriter(output);
  const safeName = escapeXml(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  void (async () => {
    for (const [name, content] of Object.entries(staticParts)) await zip.file(name, (write) => write(content));
    await zip.file('xl/workbook.xml', (write) =>
      write(
        `${xmlHead}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${safeName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    );
    await zip.file('xl/worksheets/sheet1.xml', async (write) => {
      await write(`${xmlHead}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`);
      for await (const batch of rows) await write(batch);
      await write('</sheetData></worksheet>');
    });
    await zip.close();
  })().catch((error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
