import type { AnyEventObject, MachineContext } from 'xstate';
import { inspection } from './inspection';
import { redact } from './redaction';

/**
 * The optional connection to the Stately inspector (stately.ai/inspect, in a window of its own):
 * `@statelyai/inspect` is loaded by a dynamic import the first time it is switched on, never in the
 * app's own bundle. Contexts and events go through the same redaction as the inspector panel.
 */

let connection: { stop(): void } | null = null;

/** Whether the Stately inspector is connected. */
export function statelyConnected(): boolean {
  return connection !== null;
}

/** Opens the Stately inspector and sends it the running actors and everything that follows; answers false when it cannot load. */
export async function connectStately(): Promise<boolean> {
  if (connection) return true;
  try {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    const inspector = createBrowserInspector({
      sanitizeContext: (context: MachineContext) => redact(context) as MachineContext,
      sanitizeEvent: (event: AnyEventObject) => ({ ...(redact(event) as AnyEventObject), type: event.type }),
    });
    for (const ref of inspection.liveRefs()) inspector.actor(ref, ref.getSnapshot());
    const unforward = inspection.forward((event) => inspector.inspect.next?.(event));
    connection = {
      stop() {
        unforward();
        inspector.stop();
      },
    };
    return true;
  } catch (error) {
    console.error('[inspection] Stately inspector unavailable', error);
    return false;
  }
}

/** Stops sending to the Stately inspector. */
export function disconnectStately(): void {
  connection?.stop();
  connection = null;
}
