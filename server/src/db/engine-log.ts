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
