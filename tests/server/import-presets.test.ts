import { describe, expect, it } from 'vitest';
import type { HeaderCell } from '../../contract/import.schemas';
import { readOsmHours } from '../../server/src/modules/imports/osm-hours';
import { osmHeader, osmRows } from '../../server/src/modules/imports/parse-osm';
import { cellAddress } from '../../server/src/modules/imports/parse-protocol';
import { recognisePreset } from '../../server/src/modules/imports/presets';
import { proposeFields } from '../../server/src/modules/imports/proposals';
import { fixture } from '../fixtures/import/client';

/** A header as the parser gives it, from a CSV header line. */
const headerOf = (line: string, delimiter = ';'): HeaderCell[] => line.split(delimiter).map((value, index) => ({ cellAddress: cellAddress(0, index), value }));
/** column name → field of a recognised preset. */
const fieldsOf = (header: HeaderCell[], samples: string[][] = []) => {
  const preset = recognisePreset(header, samples);
  return { id: preset?.id, fields: Object.fromEntries((preset?.fieldMapConfig ?? []).map((entry) => [entry.column, entry.field])), key: preset?.fieldMapConfig.find((entry) => entry.primaryKey)?.column };
};

describe('presets recognised from real-shaped headers', () => {
  it('an OpenDataSoft CSV export: "## Geo Point" behind a BOM, its Geo Shape ignored, the dataset columns by name', () => {
    const line = fixture('opendatasoft-defibrillateurs.csv').toString('utf8').split('\n')[0];
    const { id, fields, key } = fieldsOf(headerOf(line), [['45.7601, 4.8270', '{"type": "Point"}', '6.0', 'MAIRIE', '2 RUE', '69002', 'LYON', 'Accès libre', '04 78 92 73 00', 'Mo-Fr 08:45-16:45', '2019-03-14']]);
    expect(id).toBe('openDataSoft');
    expect(fields).toMatchObject({
      '\ufeff## Geo Point': 'l_latLon',
      'Geo Shape': null,
      Identifiant: 'l_idAed',
      'Nom du site': 'l_name',
      Adresse: 'l_address',
      'Code postal': 'l_zipCode',
      Commune: 'l_city',
      Accès: 'l_description',
      Téléphone: 'c_phone',
      Horaires: 'o_osm',
      'Date de mise en service': 'd_installDate',
    });
    expect(key).toBe('Identifiant');
  });

  it("an OpenDataSoft API export (geo_point_2d, geo_shape) and a '#'-marked header", () => {
    expect(fieldsOf(headerOf('geo_point_2d,geo_shape,nom,adresse,commune,code_postal,recordid', ','))).toMatchObject({
      id: 'openDataSoft',
      fields: { geo_point_2d: 'l_latLon', geo_shape: null, nom: 'l_name', recordid: 'l_idAed' },
      key: 'recordid',
    });
    expect(fieldsOf(headerOf('# Geo Point;Nom;Adresse;Ville')).fields).toMatchObject({ '# Geo Point': 'l_latLon', Nom: 'l_name' });
  });

  it('data.gouv.fr files of the schema-dae family whatever their case, BOM or spelling of names', () => {
    expect(fieldsOf(headerOf('\ufeffNOM;LAT_COOR1;LONG_COOR1;ADR_NUM;ADR_VOIE;COM_CP;COM_NOM;ACC;DISP_J;DISP_H;DISP_COMPLT;NUM_SERIE;EXPT_RAIS'))).toMatchObject({
      id: 'schemaDae',
      fields: { '\ufeffNOM': 'l_name', LAT_COOR1: 'l_lat', DISP_COMPLT: 'o_note', EXPT_RAIS: 'c_company' },
      key: 'NUM_SERIE',
    });
    // The GeoDAE API's camel case names are the same names.
    expect(fieldsOf(headerOf('nom;latCoor1;longCoor1;adrVoie;comNom;numSerie')).id).toBe('schemaDae');
    expect(fieldsOf(headerOf('gid;c_nom;c_lat_coor1;c_long_coor1;c_adr_voie;c_com_nom;c_expt_rais;c_disp_complt;c_num_serie;c_gid'))).toMatchObject({
      id: 'geodae',
      fields: { c_expt_rais: 'c_company', c_disp_complt: 'o_note' },
      key: 'c_gid',
    });
  });

  it('plain latitude and longitude columns named in French, English or German', () => {
    for (const line of ['Nom;Adresse;Ville;Latitude;Longitude', 'Name;Street;City;Lat;Lng', 'Bezeichnung;Straße;Ort;Breitengrad;Längengrad', 'NOM_DU_DAE;VILLE;LATITUDE_WGS84;LONGITUDE_WGS84']) {
      const { fields } = fieldsOf(headerOf(line));
      expect(Object.values(fields), line).toEqual(expect.arrayContaining(['l_name', 'l_lat', 'l_lon']));
    }
  });

  it('an OpenStreetMap file under its own columns, keyed by the osm id', () => {
    expect(fieldsOf(osmHeader)).toMatchObject({ id: 'osm', fields: { 'osm id': 'l_externalSourceId', opening_hours: 'o_osm', operator: 'c_company', indoor: 'l_position' }, key: 'osm id' });
    // A plain CSV with name, lat and lon is no OSM file.
    expect(fieldsOf(headerOf('name;lat;lon')).id).not.toBe('osm');
  });
});

describe('fields proposed from the values of unrecognised columns', () => {
  const header = headerOf('Col1;Col2;Col3;Col4;Col5;Col6;Col7;Col8;Col9');
  const samples = [
    ['Mairie', '45.7772', '3.0870', 'mairie@riom.fr', '04 73 38 99 00', '63200', '2018-05-02', '2031-01-31', 'Mo-Fr 08:00-18:00'],
    ['Gymnase', '45.8936', '3.1126', 'sport@riom.fr', '+33 4 73 33 00 00', '63200', '02/05/2019', '31/12/2030', 'Mo-Su 09:00-20:00'],
  ];

  it('proposes coordinates, e-mails, phones, postcodes, dates and hours, each with its reason', () => {
    const proposals = proposeFields(header, samples, null);
    expect(Object.fromEntries(proposals.map((proposal) => [proposal.key, [proposal.field, proposal.reason]]))).toEqual({
      B1: ['l_lat', 'latitude'],
      C1: ['l_lon', 'longitude'],
      D1: ['c_email', 'email'],
      E1: ['c_phone', 'phone'],
      F1: ['l_zipCode', 'postcode'],
      G1: ['d_installDate', 'date'],
      H1: ['d_padsExpiration', 'expiry'],
      I1: ['o_osm', 'osmHours'],
    });
  });

  it('proposes a "lat, lon" column, and nothing for a field the mapping already holds or for a name', () => {
    const pair = proposeFields(headerOf('A;B'), [['Mairie', '45.7772, 3.0870']], null);
    expect(pair).toEqual([{ key: 'B1', field: 'l_latLon', reason: 'latLon' }]);
    const mapped = proposeFields(headerOf('A;B'), [['Mairie', '45.7772, 3.0870']], [
      { key: 'A1', column: 'A', field: 'l_name', primaryKey: true },
      { key: 'B1', column: 'B', field: null, primaryKey: false },
      { key: 'C1', column: 'C', field: 'l_lat', primaryKey: false },
    ]);
    expect(mapped).toEqual([]);
  });
});

describe('OpenStreetMap opening_hours read with the opening_hours library', () => {
  it('24/7 is always open', () => {
    expect(readOsmHours('24/7')).toEqual({ kind: 'always' });
  });

  it('weekday ranges become the register weekly ranges', () => {
    expect(readOsmHours('Mo-Fr 08:00-18:00; Sa 09:00-12:00')).toEqual({
      kind: 'weekly',
      partial: false,
      hours: { 1: [{ open: '08:00', close: '18:00' }], 2: [{ open: '08:00', close: '18:00' }], 3: [{ open: '08:00', close: '18:00' }], 4: [{ open: '08:00', close: '18:00' }], 5: [{ open: '08:00', close: '18:00' }], 6: [{ open: '09:00', close: '12:00' }] },
    });
    // A night opening belongs to two days.
    expect(readOsmHours('Fr 22:00-02:00')).toMatchObject({ hours: { 5: [{ open: '22:00', close: '24:00' }], 6: [{ open: '00:00', close: '02:00' }] } });
  });

  it('PH off cannot be held by a week: read as far as a week goes, and flagged partial', () => {
    expect(readOsmHours('PH off')).toEqual({ kind: 'weekly', hours: {}, partial: true });
    expect(readOsmHours('Mo-Fr 08:30-17:00; PH off')).toMatchObject({ partial: true, hours: { 1: [{ open: '08:30', close: '17:00' }] } });
    expect(readOsmHours('Jun-Aug Mo-Su 08:00-20:00')).toMatchObject({ partial: true });
  });

  it('an unparseable value is unreadable', () => {
    expect(readOsmHours('lundi au vendredi 8h-18h')).toEqual({ kind: 'unreadable' });
  });

  it('reads GeoJSON features with their tags, and skips what is no defibrillator', () => {
    const rows = osmRows(JSON.parse(fixture('osm-defibrillators.geojson').toString('utf8')), 'geojson');
    expect(rows).toHaveLength(4);
    const columns = osmHeader.map((cell) => cell.value);
    const first = Object.fromEntries(columns.map((column, index) => [column, rows[0].cells[index]]));
    expect(first).toMatchObject({ 'osm id': 'node/9100000001', lat: '45.299', lon: '3.38', access: 'public', indoor: 'indoor', opening_hours: '24/7', operator: 'SNCF Gares & Connexions' });
    // An AED mapped as an area is placed at its middle.
    expect(Number(rows[3].cells[2])).toBeCloseTo(45.2851, 4);
  });
});
