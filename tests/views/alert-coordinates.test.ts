import { describe, expect, it } from 'vitest';
import { parseCoordinates, pasteErrorKeys, readClipboardCoordinates } from '../../src/components/map/coordinates';

describe('pasted "latitude, longitude" (spec §5)', () => {
  it('reads the forms map sites copy', () => {
    expect(parseCoordinates('45.7772, 3.0870')).toEqual({ ok: true, lat: 45.7772, lon: 3.087 });
    expect(parseCoordinates(' 45.7772,3.087 ')).toEqual({ ok: true, lat: 45.7772, lon: 3.087 });
    expect(parseCoordinates('45,7772; 3,087')).toEqual({ ok: true, lat: 45.7772, lon: 3.087 });
    expect(parseCoordinates('(-21.1151, 55.5364)')).toEqual({ ok: true, lat: -21.1151, lon: 55.5364 });
    expect(parseCoordinates('45.7772 3.087')).toEqual({ ok: true, lat: 45.7772, lon: 3.087 });
    expect(parseCoordinates('45,7772, 3,087')).toEqual({ ok: true, lat: 45.7772, lon: 3.087 });
  });

  it('refuses what is not a place', () => {
    for (const text of ['near the station', '45.7772', '95.1, 3.08', '45.1, 190', '45.1, 3.08, 12', '45,7772,3,087']) {
      expect(parseCoordinates(text), text).toEqual({ ok: false, key: pasteErrorKeys.invalid });
    }
    expect(parseCoordinates('   ')).toEqual({ ok: false, key: pasteErrorKeys.empty });
  });

  it('names the three clipboard errors', async () => {
    expect(await readClipboardCoordinates({ readText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) })).toEqual({ ok: false, key: pasteErrorKeys.permissionDenied });
    expect(await readClipboardCoordinates(undefined)).toEqual({ ok: false, key: pasteErrorKeys.permissionDenied });
    expect(await readClipboardCoordinates({ readText: async () => '' })).toEqual({ ok: false, key: pasteErrorKeys.empty });
    expect(await readClipboardCoordinates({ readText: async () => 'x, y' })).toEqual({ ok: false, key: pasteErrorKeys.invalid });
    expect(await readClipboardCoordinates({ readText: async () => '45.7772, 3.0870' })).toEqual({ ok: true, lat: 45.7772, lon: 3.087 });
  });
});
