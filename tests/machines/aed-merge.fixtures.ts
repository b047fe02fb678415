import type { MergeInfo } from '../../contract/aed-merge.schemas';

/** mergeInfo answers, shaped like the server's (contract/aed-merge.schemas.ts). */

export const first = 'aaaaaaaa-0000-4000-8000-000000000001';
export const second = 'bbbbbbbb-0000-4000-8000-000000000002';

/** Two AEDs differing on their name and serial number; the second has no serial number. */
export function mergeInfo(preferred = first): MergeInfo {
  const other = preferred === first ? second : first;
  const values = (a: unknown, b: unknown) => (preferred === first ? [{ udid: first, value: a }, { udid: second, value: b }] : [{ udid: second, value: b }, { udid: first, value: a }]);
  return {
    preferredUdid: preferred,
    aeds: [
      { udid: preferred, id: preferred === first ? 1 : 2, name: preferred === first ? 'Mairie de Riom' : 'Mairie Riom', idSite: 1, status: 'available', pictures: 1, contacts: 1, reports: 0 },
      { udid: other, id: preferred === first ? 2 : 1, name: preferred === first ? 'Mairie Riom' : 'Mairie de Riom', idSite: 1, status: 'available', pictures: 0, contacts: 0, reports: 1 },
    ],
    fields: [
      { field: 'name', label: 'aed.field.name', values: values('Mairie de Riom', 'Mairie Riom'), same: false, proposedUdid: preferred },
      { field: 'serialNumber', label: 'aed.field.serialNumber', values: values('ZP-1', null), same: false, proposedUdid: first },
      { field: 'city', label: 'aed.field.city', values: values('Riom', 'Riom'), same: true, proposedUdid: preferred },
    ],
  };
}

export const failure = (key: string, status = 400) => ({ ok: false as const, key, status });
