import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { describe, expect, it } from 'vitest';
import { importRunChart } from '../../contract/charts/import-run.chart';
import { nextState } from '../../contract/charts/transition';
import { AppError } from '../../server/src/errors';
import { trigramSimilarity } from '../../server/src/modules/imports/batch-duplicates';
import { matchCatalogue } from '../../server/src/modules/imports/catalogue';
import { compileMapping, planRow } from '../../server/src/modules/imports/mapping';
import { CsvParser, detectDelimiter, detectEncoding } from '../../server/src/modules/imports/parse-csv';
import { parseUpload } from '../../server/src/modules/imports/parse-runner';
import { sniff } from '../../server/src/modules/imports/parse-sniff';
import { guardZip, ZipGuardError } from '../../server/src/modules/imports/parse-zip-guard';
import { recognisePreset } from '../../server/src/modules/imports/presets';
import * as read from '../../server/src/modules/imports/values';
import { fixture } from '../fixtures/import/client';
import { geodaeHeader, geodaeRow } from '../fixtures/import/geodae-rows';

const folder = mkdtempSync(join(tmpdir(), 'vigil-import-parsing-'));
const file = (name: string, content: string | Buffer) => {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
};

describe('cell readers', () => {
  it('fold texts to lower case without accents or repeated spaces, plain ASCII or not', () => {
    expect(read.fold('  Mairie  DE\tLA   Ville ')).toBe('mairie de la ville');
    expect(read.fold('Élysée\u00a0Défibrillateur')).toBe('elysee defibrillateur');
    // The two diacritics of ASCII go, as they do in accented text.
    expect(read.fold('Salle^Polyvalente`A')).toBe('sallepolyvalentea');
    expect(read.fold('Öffnungszeiten ^ Straße')).toBe('offnungszeiten straße');
  });

  it('read numbers, booleans and dates as French, German and English files write them', () => {
    expect(read.parseNumber('45,7772')).toBe(45.7772);
    expect(read.parseNumber(' 1 234,5 ')).toBe(1234.5);
    expect(read.parseNumber('abc')).toBeUndefined();
    expect([read.parseBoolean('t'), read.parseBoolean('OUI'), read.parseBoolean('x'), read.parseBoolean('Nein'), read.parseBoolean('peut-être')]).toEqual([true, true, true, false, undefined]);
    expect(read.parseDate('2019-09-30')).toBe('2019-09-30');
    expect(read.parseDate('30/09/2019')).toBe('2019-09-30');
    expect(read.parseDate('30.09.19')).toBe('2019-09-30');
    expect(read.parseDate('2019/09/30 10:21:44.620')).toBe('2019-09-30');
    expect(read.parseDate('43738')).toBe('2019-09-30');
    expect(read.parseDate('31/02/2020')).toBeUndefined();
  });

  it('read a coordinate pair in one cell, whatever the decimal mark', () => {
    expect(read.parseLatLon('45.7772, 3.0870')).toEqual({ lat: 45.7772, lon: 3.087 });
    expect(read.parseLatLon('45,7772, 3,0870')).toEqual({ lat: 45.7772, lon: 3.087 });
    expect(read.parseLatLon('45,7772;3,0870')).toEqual({ lat: 45.7772, lon: 3.087 });
    expect(read.parseLatLon('45.7772 3.0870')).toEqual({ lat: 45.7772, lon: 3.087 });
    expect(read.parseLatLon('POINT(3.087 45.7772)')).toEqual({ lat: 45.7772, lon: 3.087 });
    expect(read.parseLatLon('95.1, 3.0')).toBeUndefined();
    expect(read.parseLatLon('45,7772')).toBeUndefined();
  });

  it("read GeoDAE's PostgreSQL-array days and hours, and day ranges", () => {
    expect(read.parseDays('{lundi,mardi}')).toEqual({ known: true, value: [1, 2] });
    expect(read.parseDays('lundi|mercredi|"jours fériés"')).toEqual({ known: true, value: [1, 3] });
    expect(read.parseDays('{7j/7}')).toEqual({ known: true, value: [1, 2, 3, 4, 5, 6, 7] });
    expect(read.parseDays('{"non renseigné"}')).toEqual({ known: false });
    expect(read.parseDays('{lundi,funday}')).toBeUndefined();
    expect(read.parseHours('{"heures ouvrables"}')).toEqual({ known: true, value: [{ open: '08:00', close: '18:00' }] });
    expect(read.parseHours('{"heures ouvrables","heures de nuit"}')).toEqual({ known: true, value: [{ open: '00:00', close: '24:00' }] });
    expect(read.parseDayRanges('8h-12h / 14h30-18h')).toEqual([
      { open: '08:00', close: '12:00' },
      { open: '14:30', close: '18:00' },
    ]);
    expect(read.parseDayRanges('18:00-08:00')).toEqual([
      { open: '00:00', close: '08:00' },
      { open: '18:00', close: '24:00' },
    ]);
    expect(read.parseDayRanges('Fermé')).toEqual([]);
    expect(read.parseWeekRanges('1 08:00-12:00 14:00-18:00 | 6 09:00-12:00')).toEqual({
      '1': [
        { open: '08:00', close: '12:00' },
        { open: '14:00', close: '18:00' },
      ],
      '6': [{ open: '09:00', close: '12:00' }],
    });
  });

  it('calm addresses written in capitals, and leave the others alone', () => {
    expect(read.calmCapitals("12 RUE DE L'ÉGLISE")).toBe("12 Rue de l'Église");
    expect(read.calmCapitals('ZAC DES PINS')).toBe('ZAC des Pins');
    expect(read.calmCapitals('CLERMONT-FERRAND')).toBe('Clermont-Ferrand');
    expect(read.calmCapitals('LE PUY-EN-VELAY')).toBe('Le Puy-en-Velay');
    expect(read.calmCapitals('PONT-DU-CHÂTEAU')).toBe('Pont-du-Château');
    expect(read.calmCapitals('rue de la Paix')).toBe('rue de la Paix');
  });

  it('read phones with or without their calling code', () => {
    expect(read.parsePhone('+33 4 73 00 00 00', 'FR')).toEqual({ phoneCode: '+33', phone: '473000000' });
    expect(read.parsePhone('04.73.00.00.00', 'FR')).toEqual({ phoneCode: '+33', phone: '0473000000' });
    expect(read.parsePhone('0035226000000', 'FR')).toEqual({ phoneCode: '+352', phone: '26000000' });
    expect(read.parsePhone('appelez-nous', 'FR')).toBeUndefined();
  });
});

describe('the AED catalogue', () => {
  it('finds brands and models however the file spells them', () => {
    expect(matchCatalogue('PHILIPS MEDICAL', 'frx')).toEqual({ brand: 'Philips', model: 'HeartStart FRx', unknownBrand: false, unknownModel: false });
    expect(matchCatalogue('Physio-Control', 'LIFEPAK CR2')).toEqual({ brand: 'Stryker', model: 'LIFEPAK CR2', unknownBrand: false, unknownModel: false });
    expect(matchCatalogue('Acme', 'X1')).toEqual({ brand: 'Acme', model: 'X1', unknownBrand: true, unknownModel: true });
    expect(matchCatalogue('Zoll', 'AED 9')).toMatchObject({ brand: 'Zoll', unknownBrand: false, unknownModel: true });
  });
});

describe('CSV reading', () => {
  it('parses quoted fields with delimiters, quotes and line breaks, fed in any chunks', () => {
    const text = 'a;b;c\r\n"x;1";"say ""hi""";"two\nlines"\r\n1;2;3';
    for (const size of [1, 2, 3, 7, text.length]) {
      const records: string[][] = [];
      const parser = new CsvParser(';');
      for (let i = 0; i < text.length; i += size) parser.push(text.slice(i, i + size), (record) => records.push(record));
      parser.end((record) => records.push(record));
      expect(records, `chunks of ${size}`).toEqual([
        ['a', 'b', 'c'],
        ['x;1', 'say "hi"', 'two\nlines'],
        ['1', '2', '3'],
      ]);
    }
  });

  it('finds the delimiter and the encoding', async () => {
    expect(detectDelimiter('nom;adresse;"a,b";ville')).toBe(';');
    expect(detectDelimiter('name,address,city')).toBe(',');
    expect(detectDelimiter('name\taddress\tcity')).toBe('\t');
    expect(await detectEncoding(file('utf8.csv', 'nom;ville\nÉcole;Périgueux\n'))).toBe('utf-8');
    expect(await detectEncoding(file('bom.csv', '\ufeffnom;ville\n'))).toBe('utf-8');
    expect(await detectEncoding(file('latin.csv', fixture('semicolon-win1252.csv')))).toBe('windows-1252');
    expect(await detectEncoding(file('utf16.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('nom\tville\n', 'utf16le')])))).toBe('utf-16le');
  });

  it('reads an Excel "Unicode text" file (UTF-16, tabs) through the worker', async () => {
    const path = file('unicode.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Nom\tLatitude\tLongitude\r\nÉcole\t45,1\t3,2\r\n', 'utf16le')]));
    const rows: { row: number; cells: string[] }[] = [];
    const parsed = await parseUpload(path, 'unicode.txt', { maxRows: 10, maxColumns: 10, maxUncompressedBytes: 1e6, timeoutMs: 60_000, heapMb: 256 }, async (batch) => {
      rows.push(...batch);
    });
    expect(parsed).toMatchObject({ format: 'csv', encoding: 'utf-16le', delimiter: 'tab', numRows: 1 });
    expect(rows).toEqual([{ row: 2, cells: ['École', '45,1', '3,2'] }]);
  });
});

describe('file checks', () => {
  it('tell spreadsheets from other files by their content', () => {
    expect(sniff(fixture('geodae-extract.xlsx').subarray(0, 8192), 'a.xlsx')).toBe('zip');
    expect(sniff(fixture('geodae-extract.xls').subarray(0, 8192), 'a.xls')).toBe('ole');
    expect(sniff(fixture('geodae-extract.csv').subarray(0, 8192), 'a.csv')).toBe('text');
    expect(sniff(fixture('geodae-extract.csv').subarray(0, 8192), 'a.xlsx')).toBe('binary');
    expect(sniff(fixture('not-a-spreadsheet.xlsx'), 'liste.xlsx')).toBe('binary');
    expect(sniff(Buffer.from('<html><table><tr><td>nom</td></tr></table></html>'), 'export.xls')).toBe('html');
  });

  it('refuse a zip bomb from its directory, and one whose directory lies, without inflating more than declared', () => {
    expect(() => guardZip(fixture('zip-bomb.xlsx'), 160 * 1024 * 1024)).toThrow(expect.objectContaining({ reason: 'tooLarge' }));
    expect(() => guardZip(fixture('zip-bomb-lying.xlsx'), 160 * 1024 * 1024)).toThrow(expect.objectContaining({ reason: 'lying' }));
    expect(guardZip(fixture('geodae-extract.xlsx'), 160 * 1024 * 1024).map((entry) => entry.name)).toContain('xl/workbook.xml');
    expect(() => guardZip(fixture('geodae-extract.csv'), 1e6)).toThrow(ZipGuardError);
  });

  it('stop a parse that takes longer than its time limit', async () => {
    // A 1 ms limit ends the parse before its worker has read anything: the refusal carries the time-out's key.
    const parse = parseUpload(join(folder, '..', 'missing-but-never-read'), 'big.xlsx', { maxRows: 10, maxColumns: 10, maxUncompressedBytes: 1e6, timeoutMs: 1, heapMb: 256 }, async () => undefined);
    await expect(parse).rejects.toMatchObject({ status: 422, key: 'error.import.parse-timeout' });
    await expect(parse).rejects.toBeInstanceOf(AppError);
  });
});

describe('mapping presets', () => {
  const header = (names: readonly string[]) => names.map((value, index) => ({ cellAddress: `${String.fromCharCode(65 + (index % 26))}${index >= 26 ? index : ''}1`, value }));

  it('recognise the GeoDAE export and the national schema, each with its key', () => {
    const geodae = recognisePreset(header(geodaeHeader));
    expect(geodae?.id).toBe('geodae');
    expect(geodae?.score).toBe(1);
    expect(geodae?.fieldMapConfig.filter((entry) => entry.primaryKey).map((entry) => entry.column)).toEqual(['c_gid']);
    const schema = recognisePreset(header(geodaeHeader.filter((name) => name.startsWith('c_') && name !== 'c_gid' && name !== 'c_doublon').map((name) => name.slice(2))));
    expect(schema?.id).toBe('schemaDae');
    expect(schema?.fieldMapConfig.find((entry) => entry.primaryKey)?.field).toBe('d_serialNumber');
  });

  it('tell a "lat, lon" column from its values', () => {
    const named = recognisePreset(header(['Nom', 'Adresse', 'Position GPS', 'N° série']), [['Mairie', '1 rue X', '45.1, 3.2', 'SN1']]);
    expect(named?.fieldMapConfig.find((entry) => entry.column === 'Position GPS')?.field).toBe('l_latLon');
    const notCoordinates = recognisePreset(header(['Nom', 'Adresse', 'Position GPS', 'N° série']), [['Mairie', '1 rue X', 'Hall', 'SN1']]);
    expect(notCoordinates?.fieldMapConfig.find((entry) => entry.column === 'Position GPS')?.field).toBeNull();
  });

  it('map a GeoDAE row to the AED columns', () => {
    const cells = header(geodaeHeader);
    const preset = recognisePreset(cells)!;
    const row = geodaeRow(49, { seed: 3 });
    const plan = planRow(compileMapping(cells, preset.fieldMapConfig), 2, row, 'FR');
    expect(plan.error).toBeUndefined();
    expect(plan.key).toBe(row[1]);
    // Record 49 is "Hors service".
    expect(plan.status).toBe('unavailable');
    expect(plan.values).toMatchObject({ name: row[2], zipCode: row[5], lat: Number(row[8]), lon: Number(row[9]), serialNumber: row[34] });
    expect(plan.values.position).toBe(row[12] === 'Intérieur' ? 1 : 2);
    expect(plan.values.accessibility).toBe(row[13] === 't' ? 2 : 1);
    expect(plan.contact).toMatchObject({ lastName: row[45], contactType: 'operator', function: 'Exploitant' });
  });
});

describe('the import-run chart', () => {
  it('lets a run be mapped, processed, paused, resumed and retried, and nothing else', () => {
    expect(nextState(importRunChart, 'uploaded', { type: 'import.map' })).toBe('mapped');
    expect(nextState(importRunChart, 'uploaded', { type: 'import.start' })).toBeUndefined();
    expect(nextState(importRunChart, 'mapped', { type: 'import.start' })).toBe('processing');
    expect(nextState(importRunChart, 'processing', { type: 'import.map' })).toBeUndefined();
    expect(nextState(importRunChart, 'processing', { type: 'import.processRow' })).toBeUndefined();
    expect(nextState(importRunChart, 'processing', { type: 'import.pause' })).toBe('paused');
    expect(nextState(importRunChart, 'paused', { type: 'import.resume' })).toBe('processing');
    expect(nextState(importRunChart, 'paused', { type: 'import.processRow' })).toBe('paused');
    expect(nextState(importRunChart, 'processing', { type: 'import.fail' })).toBe('failed');
    expect(nextState(importRunChart, 'failed', { type: 'import.resume' })).toBe('processing');
    expect(nextState(importRunChart, 'processing', { type: 'import.finish' })).toBe('done');
    expect(nextState(importRunChart, 'done', { type: 'import.start' })).toBe('processing');
    expect(nextState(importRunChart, 'done', { type: 'import.resume' })).toBeUndefined();
  });
});

describe('duplicate names inside a batch', () => {
  it('are compared the way pg_trgm compares them in the database', async () => {
    const db = await PGlite.create({ extensions: { pg_trgm } });
    await db.exec('CREATE EXTENSION pg_trgm');
    const pairs = [
      ['gendarmerie de murat', 'gendarmerie nationale murat'],
      ['mairie aurillac 4101', 'mairie aurillac 4109'],
      ['gare de saint-flour', 'pharmacie du centre saint-flour 4110'],
      ['pharmacie', 'piscine municipale'],
      ["salle des fetes l'oree", 'salle des fêtes'],
    ];
    for (const [a, b] of pairs) {
      const [{ s }] = (await db.query<{ s: number }>('SELECT similarity($1, $2) AS s', [a, b])).rows;
      expect(trigramSimilarity(a, b), `${a} / ${b}`).toBeCloseTo(s, 5);
    }
    await db.close();
  });
});
