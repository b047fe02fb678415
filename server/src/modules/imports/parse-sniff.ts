/** What the first bytes of an upload say it is; the content decides, never the file name alone. */
export type Sniffed = 'zip' | 'ole' | 'text' | 'html' | 'binary';

const workbookExtension = /\.(xlsx|xlsm|xlsb|xls|ods)$/i;

/**
 * Sniffs the head of a file (a few KB). ZIP (XLSX, ODS) and OLE2 (XLS) by their signature; text
 * when it decodes as text (UTF-16 with a BOM, or bytes without control characters); an HTML table
 * saved as .xls (old "export to Excel" buttons) is read as a workbook. A text file named like a
 * workbook is no workbook: the user sent the wrong file.
 */
export function sniff(head: Buffer, originalName: string): Sniffed {
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) return 'zip';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'ole';
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (!utf16 && !looksLikeText(head)) return 'binary';
  if (!workbookExtension.test(originalName)) return 'text';
  const start = head.toString('latin1', 0, 512).replace(/^\ufeff|^\xef\xbb\xbf/, '').trimStart().toLowerCase();
  if (/\.xls$/i.test(originalName) && (start.startsWith('<html') || start.startsWith('<table') || start.startsWith('<!doctype html') || start.startsWith('<?xml'))) return 'html';
  return 'binary';
}

/** No NUL byte and almost no other control character in the head. */
function looksLikeText(head: Buffer): boolean {
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control += 1;
  }
  return control <= head.length / 200;
}
