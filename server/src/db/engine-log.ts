/**
 * The embedded engine's own log. PGlite's Postgres writes it to stderr, which PGlite drops unless
 * debugging; Vigil keeps its last lines and prints them once when the engine stops (a FATAL or a
 * PANIC): the only trace of why an embedded database went away (docs/decisions.md, "An embedded
 * engine that stops fails loudly").
 *
 * Only what says what happened is kept: the DETAIL, STATEMENT and CONTEXT lines, which may carry
 * the values of a row, are dropped, and quoted values in a message are masked.
 */
const keptLines = 20;
const kept = /\b(LOG|WARNING|ERROR|FATAL|PANIC):/;
const stopped = /\b(FATAL|PANIC):/;

/** PGlite's `onStderr`: takes each line of the engine's log (and answers false: PGlite's own handling stays as it is). */
export function engineLog(write: (text: string) => void = (text) => process.stderr.write(text)): (line: string) => boolean {
  const recent: string[] = [];
  let reported = false;
  return (line) => {
    if (!kept.test(line)) return false;
    recent.push(line.replace(/"[^"]*"/g, '"…"'));
    if (recent.length > keptLines) recent.shift();
    if (reported || !stopped.test(line)) return false;
    reported = true;
    write(`The embedded database (PGlite) stopped; its last log lines:\n${recent.join('\n')}\n`);
    return false;
  };
}

/** Stack lines of a fault kept in its report: where in the engine (or in PGlite's JavaScript) it was raised. */
const faultStackLines = 8;

/**
 * PGlite's `onEngineFault` (scripts/patch-pglite.mjs): the exception that broke the engine's
 * protocol loop, not Postgres's own error path (an exit, a WebAssembly trap, an exception of the
 * JavaScript the engine calls). Printed once, the first: later ones are its consequences.
 */
export function engineFault(write: (text: string) => void = (text) => process.stderr.write(text)): (error: unknown) => void {
  let reported = false;
  return (error) => {
    if (reported) return;
    reported = true;
    const named = error as { name?: string; message?: string; status?: number; stack?: string };
    const what = `${named?.name ?? typeof error}${named?.status !== undefined ? ` (status ${named.status})` : ''}: ${named?.message ?? String(error)}`;
    const stack = (named?.stack ?? '').split('\n').slice(1, faultStackLines + 1).join('\n');
    write(`The embedded database (PGlite) engine failed: ${what}\n${stack}${stack ? '\n' : ''}`);
  };
}
