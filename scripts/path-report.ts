import { formatFailure, percent, type CoverageReport } from '../tests/machines/kit';
import type { ScreenReport } from '../tests/views/replay/screen-report';

/** Text tables of `npm run test:paths`, for the terminal and the CI log. */

/** One machine: coverage against its threshold, what was never reached, every failure. */
export function machineTable(report: CoverageReport, name: string, origin: string): string {
  const statePercent = percent(report.states.reached, report.states.total);
  const transitionPercent = percent(report.transitions.taken, report.transitions.total);
  const rows = [
    ['states', `${report.states.reached}/${report.states.total}`, `${statePercent.toFixed(1)}%`, `threshold ${report.threshold.states}%`],
    ['transitions', `${report.transitions.taken}/${report.transitions.total}`, `${transitionPercent.toFixed(1)}%`, `threshold ${report.threshold.transitions}%`],
    ['paths run', String(report.paths), '', ''],
    ['failures', String(report.failures.length), '', ''],
  ];
  const lines = [`${report.passed ? 'PASS' : 'FAIL'}  ${name}  (machine ${report.machine}, ${origin})`, ...columns(rows).map((line) => `  ${line}`)];
  if (report.states.missing.length) lines.push(`  states never reached: ${report.states.missing.join(', ')}`);
  if (report.transitions.missing.length) lines.push(`  transitions never taken: ${report.transitions.missing.join(', ')}`);
  if (report.unmodelledActors.length) lines.push(`  actors without samples (never answer): ${report.unmodelledActors.join(', ')}`);
  for (const failure of report.failures) lines.push(`  ${formatFailure(failure).replace(/\n/g, '\n  ')}`);
  return lines.join('\n');
}

/** All machines in one table, the last thing printed. */
export function summaryTable(reports: Array<{ report: CoverageReport; name: string }>, unsampled: string[]): string {
  const head = ['machine', 'states', 'transitions', 'paths', 'failures', 'result'];
  const rows = reports.map(({ report, name }) => [
    name,
    `${report.states.reached}/${report.states.total} (${percent(report.states.reached, report.states.total).toFixed(1)}%)`,
    `${report.transitions.taken}/${report.transitions.total} (${percent(report.transitions.taken, report.transitions.total).toFixed(1)}%)`,
    String(report.paths),
    String(report.failures.length),
    report.passed ? 'pass' : 'FAIL',
  ]);
  const lines = columns([head, ...rows]);
  lines.splice(1, 0, '-'.repeat(lines[0]!.length));
  if (unsampled.length) lines.push('', `Workflow machines without samples (add tests/machines/<id>.samples.ts): ${unsampled.join(', ')}`);
  return lines.join('\n');
}

const ratio = (part: number, total: number) => `${part}/${total} (${percent(part, total).toFixed(1)}%)`;

/**
 * The rendered replays, per machine: what was covered IN THE IMPLEMENTATION (states whose declared
 * observations held on the screen, transitions made to happen there), the single checks made, the
 * failures, and the workflow machines no rendered replay covers yet.
 */
export function screenTable(reports: ScreenReport[], withoutReplay: string[]): string {
  const head = ['machine', 'states observed', 'transitions replayed', 'observations', 'paths', 'failures', 'sent without gesture'];
  const rows = reports.map((report) => [
    report.machine,
    ratio(report.states.observed, report.states.total),
    ratio(report.transitions.replayed, report.transitions.total),
    String(report.observations),
    String(report.paths),
    String(report.failures.length),
    report.sentWithoutGesture.join(' ') || '-',
  ]);
  const lines = columns([head, ...rows]);
  lines.splice(1, 0, '-'.repeat(lines[0]!.length));
  for (const report of reports) {
    if (report.states.withoutObservations.length) lines.push(`${report.machine}: states declaring no observations: ${report.states.withoutObservations.join(', ')}`);
    if (report.transitions.missing.length) lines.push(`${report.machine}: transitions not replayed on the screen: ${report.transitions.missing.join(', ')}`);
    for (const failure of report.failures) lines.push(`${report.machine}: FAILED ${failure.path}\n  ${failure.message}`);
  }
  if (withoutReplay.length) lines.push('', `Workflow machines without a rendered replay yet (tests/views/replay/<id>.replay.test.tsx): ${withoutReplay.join(', ')}`);
  return lines.join('\n');
}

function columns(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, index) => Math.max(...rows.map((row) => (row[index] ?? '').length)));
  return rows.map((row) => row.map((cell, index) => cell.padEnd(widths[index]!)).join('  ').trimEnd());
}
