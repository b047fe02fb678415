import type { SnapshotFrom } from 'xstate';
import type { extraInfosMachine } from './extra-infos.machine';

export type ExtraInfosSnapshot = SnapshotFrom<typeof extraInfosMachine>;

/** The extra sign-in information, or null while loading or after a failure. */
export const extraInfosOf = (snapshot: ExtraInfosSnapshot) => snapshot.context.infos;

/** The third-party sign-in button to show, when the server has one configured. */
export function thirdPartyOf(snapshot: ExtraInfosSnapshot): { label: string; url: string } | null {
  const thirdParty = snapshot.context.infos?.thirdParty;
  return thirdParty?.enabled && thirdParty.url ? { label: thirdParty.label, url: thirdParty.url } : null;
}

/** What the maps draw under their markers (null until the extra information is loaded). */
export const basemapOf = (snapshot: ExtraInfosSnapshot) => snapshot.context.infos?.basemap ?? null;
