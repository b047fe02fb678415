import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScreenReport } from '../tests/views/replay/screen-report';
import { repoRoot } from './statechart-catalogue';

/**
 * The reports of the rendered replays (tests/views/replay/*.replay.test.tsx): read from
 * SCREEN_REPLAY_REPORTS when a run of the views suite already wrote them there (CI), else from a
 * run of those files made now. `passed` is false when the replays' run failed.
 */
export function screenReports(): { reports: ScreenReport[]; passed: boolean } {
  const given = process.env.SCREEN_REPLAY_REPORTS;
  if (given && existsSync(given) && readdirSync(given).some((name) => name.endsWith('.json'))) return { reports: read(given), passed: true };
  const folder = mkdtempSync(join(tmpdir(), 'screen-replays-'));
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'views', 'tests/views/replay/'], { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, SCREEN_REPLAY_REPORTS: folder } });
  return { reports: read(folder), passed: run.status === 0 };
}

function read(folder: string): ScreenReport[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as ScreenReport);
}
