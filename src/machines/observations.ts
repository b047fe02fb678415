/**
 * What a person observes in a state of a workflow machine, declared on the state as
 * `meta: observe({ ... })`. The chart then says not only where an event leads but what the screen
 * shows there, and the model-based replays assert it on the implementation: the rendered view in
 * jsdom (tests/views/replay) and, for the flows that have one, the browser replay. Names are the
 * ones the screen uses: test ids (`data-testid`) and message keys, never English text, so the same
 * declaration holds in every language. The observations of every active state (a parent and its
 * child) all hold at once.
 */
export interface Observation {
  /** Elements on screen, by `data-testid`. */
  shown?: readonly string[];
  /** Elements not on screen, by `data-testid`. */
  absent?: readonly string[];
  /** Buttons that can be pressed, by the message key of their label. */
  enabled?: readonly string[];
  /** Buttons on screen that cannot be pressed, by the message key of their label. */
  disabled?: readonly string[];
  /** Message keys whose text is on screen (a key with `{placeholders}` matches its fixed parts). */
  messages?: readonly string[];
  /** Calls made on entering the state, by endpoint (`area.name` in contract/endpoints.ts). */
  calls?: readonly string[];
}

/** `meta` of a state: what a person observes in it. */
export interface ObservedMeta {
  observe: Observation;
}

export const observe = (observation: Observation): ObservedMeta => ({ observe: observation });

/** The observations of the active states `meta` holds (a snapshot's `getMeta()`), merged. */
export function observationsOf(meta: Record<string, unknown>): Required<Observation> {
  const merged = { shown: [] as string[], absent: [] as string[], enabled: [] as string[], disabled: [] as string[], messages: [] as string[], calls: [] as string[] };
  for (const value of Object.values(meta)) {
    const observation = (value as Partial<ObservedMeta> | undefined)?.observe;
    if (!observation) continue;
    for (const part of Object.keys(merged) as Array<keyof Observation>) merged[part].push(...(observation[part] ?? []));
  }
  return merged;
}

/** Whether a state declares observations (a state that declares none cannot be checked on a screen). */
export const declaresObservations = (meta: unknown): boolean => Boolean((meta as Partial<ObservedMeta> | undefined)?.observe);
