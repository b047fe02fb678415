import english from '../../../src/i18n/messages/en.json';
import type { Observation } from '../../../src/machines/observations';

/**
 * Checks a state's declared observations on the rendered page (the whole document: dialogs and
 * toasts are mounted on its body). Texts are read in English, the language the replays render.
 */

const messages = english as Record<string, string>;

/** The fixed parts of a message's English text: `Sent to {email}.` → `Sent to `, `.`. */
function fixedParts(key: string): string[] {
  const text = messages[key];
  if (text === undefined) return [key];
  return text.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/).map((part) => part.trim()).filter((part) => part.length > 0);
}

const normalise = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function buttonsLabelled(key: string): HTMLElement[] {
  const parts = fixedParts(key).map(normalise);
  const candidates = Array.from(document.querySelectorAll<HTMLElement>('button, [role="button"], a[href], input[type="submit"]'));
  return candidates.filter((element) => {
    const label = normalise(element.getAttribute('aria-label') ?? element.textContent ?? (element as HTMLInputElement).value);
    return parts.length > 0 && parts.every((part) => label.includes(part));
  });
}

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true';

/** What does not hold of `observation` on the page now; empty when all of it does. */
export function unmetObservations(observation: Required<Observation>): string[] {
  const unmet: string[] = [];
  const page = normalise(document.body.textContent);
  for (const id of observation.shown) if (!document.querySelector(`[data-testid="${id}"]`)) unmet.push(`shown ${id}`);
  for (const id of observation.absent) if (document.querySelector(`[data-testid="${id}"]`)) unmet.push(`absent ${id}`);
  for (const key of observation.enabled) if (!buttonsLabelled(key).some((element) => !isDisabled(element))) unmet.push(`enabled "${key}"`);
  for (const key of observation.disabled) {
    const found = buttonsLabelled(key);
    if (!found.length || !found.every(isDisabled)) unmet.push(`disabled "${key}"`);
  }
  for (const key of observation.messages) if (!fixedParts(key).every((part) => page.includes(normalise(part)))) unmet.push(`message "${key}"`);
  return unmet;
}

/** How many single checks an observation makes (its calls included). */
export const checksIn = (observation: Required<Observation>) =>
  observation.shown.length + observation.absent.length + observation.enabled.length + observation.disabled.length + observation.messages.length + observation.calls.length;

/** The English text of a key, for gestures that find a control by its label. */
export const englishOf = (key: string): string => messages[key] ?? key;
