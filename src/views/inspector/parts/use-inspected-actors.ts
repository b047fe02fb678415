import { useSyncExternalStore } from 'react';
import { inspection, type InspectedActor } from '../../../services/inspection';

/** The actors the inspector records, re-read on every change. */
export function useInspectedActors(): InspectedActor[] {
  return useSyncExternalStore(inspection.subscribe, inspection.getActors);
}
