import { formatFailure, percent, type CoverageReport } from '../tests/machines/kit';

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

function columns(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, index) => Math.max(...rows.map((row) => (row[index] ?? '').length)));
  return rows.map((row) => row.map((cell, index) => cell.padEnd(widths[index]!)).join('  ').trimEnd());
}
