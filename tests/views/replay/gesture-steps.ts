/**
 * Gestures that go through dialogs, for the rendered replays: a gesture answers its first step, and
 * each step runs once the screen shows what the one before did (screen-replay.ts runs each in an act
 * of its own). A step that does not find on screen what it needs yet throws `NotYet` (see `need`)
 * and is tried again a little later; a step that answers `stop` ends the gesture there.
 */

export class NotYet extends Error {}

/** `found`, or `NotYet` when the screen does not show it yet. */
export const need = <T>(found: T | null | undefined, what: string): T => {
  if (found === null || found === undefined) throw new NotYet(what);
  return found;
};

/** A step's answer that ends the gesture there. */
export const stop = Symbol('stop');

export type Step = () => unknown;

export function steps(...list: Step[]): Step {
  const from = (index: number): Step | undefined =>
    index >= list.length
      ? undefined
      : async () => {
          try {
            if ((await list[index]!()) === stop) return undefined;
          } catch (error) {
            if (!(error instanceof NotYet)) throw error;
            await new Promise((resolve) => setTimeout(resolve, 50));
            return from(index);
          }
          return from(index + 1);
        };
  return from(0) ?? (() => undefined);
}
