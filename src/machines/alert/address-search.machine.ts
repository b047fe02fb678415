import { assign, fromPromise, setup } from 'xstate';
import type { GeoResult } from '../../../contract/geo.schemas';
import { suggestAddresses } from '../../services/alert.api';
import type { Result } from '../../services/http';
import { observe } from '../observations';

/** Typing pauses this long before the geocoder is asked. */
export const suggestDebounceMs = 300;
/** Fewer characters than this give no suggestions. */
export const suggestMinLength = 3;

export interface AddressSearchContext {
  text: string;
  countryCode: string;
  suggestions: GeoResult[];
}

export type AddressSearchEvent = { type: 'query.change'; text: string } | { type: 'query.clear' };

export type SuggestOutcome = Result<GeoResult[]>;

/** The address field's I/O; tests replace it with `.provide({ actors })`. */
export const addressSearchActors = {
  suggest: fromPromise<SuggestOutcome, { text: string; countryCode: string }>(({ input, signal }) => suggestAddresses(input.text, input.countryCode, signal)),
};

/**
 * The address a chosen suggestion is set up with: its label, with the postcode and town when the
 * label lacks them, so that the geocoder finds this place again and not a namesake elsewhere.
 */
export function suggestionAddress(result: GeoResult): string {
  if (!result.zipCode || result.label.includes(result.zipCode)) return result.label;
  if (!result.city || result.label === result.city) return `${result.zipCode} ${result.label}`;
  return `${result.label}, ${result.zipCode} ${result.city}`;
}

/**
 * Suggestions under the alert address field: each pause in typing asks the geocoder the server
 * uses, the newest question cancelling an older one. No answer (or a failed one) means no suggestions.
 */
export const addressSearchMachine = setup({
  types: {} as { context: AddressSearchContext; events: AddressSearchEvent; input: { countryCode: string } },
  actors: addressSearchActors,
  guards: {
    longEnough: (_, params: { text: string }) => params.text.trim().length >= suggestMinLength,
    answered: (_, params: { outcome: SuggestOutcome }) => params.outcome.ok,
  },
  actions: {
    keepText: assign((_, params: { text: string }) => ({ text: params.text })),
    keepSuggestions: assign((_, params: { suggestions: GeoResult[] }) => ({ suggestions: params.suggestions })),
    clearSuggestions: assign({ suggestions: [] }),
  },
  delays: { debounce: suggestDebounceMs },
}).createMachine({
  id: 'addressSearch',
  context: ({ input }) => ({ text: '', countryCode: input.countryCode, suggestions: [] }),
  initial: 'idle',
  on: {
    'query.change': [
      { guard: { type: 'longEnough', params: ({ event }) => ({ text: event.text }) }, target: '.debouncing', actions: { type: 'keepText', params: ({ event }) => ({ text: event.text }) } },
      { target: '.idle', actions: [{ type: 'keepText', params: ({ event }) => ({ text: event.text }) }, 'clearSuggestions'] },
    ],
    'query.clear': { target: '.idle', actions: 'clearSuggestions' },
  },
  states: {
    // The field, with or without the last suggestions under it; no question to the geocoder.
    idle: { meta: observe({ shown: ['address-field'] }) },
    // Typing: the field still offers what the last answer suggested until the pause is over.
    debouncing: {
      meta: observe({ shown: ['address-field'] }),
      after: { debounce: 'searching' },
    },
    searching: {
      meta: observe({ shown: ['address-field'], calls: ['geo.geoCoding'] }),
      invoke: {
        src: 'suggest',
        input: ({ context }) => ({ text: context.text.trim(), countryCode: context.countryCode }),
        onDone: [
          {
            guard: { type: 'answered', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: { type: 'keepSuggestions', params: ({ event }) => ({ suggestions: (event.output as { data: GeoResult[] }).data }) },
          },
          { target: 'idle', actions: 'clearSuggestions' },
        ],
        onError: { target: 'idle', actions: 'clearSuggestions' },
      },
    },
  },
});
