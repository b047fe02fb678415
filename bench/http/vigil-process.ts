import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One Vigil server in its own process, as `npm start` runs it, on loopback. */
export interface VigilProcess {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/**
 * Starts Vigil on `port`: PGlite in a fresh folder, or the PostgreSQL database `databaseUrl` (several
 * instances may share one). Rate limits are lifted: the bench is the only caller.
 */
export async function startVigil(options: { port: number; databaseUrl?: string; env?: Record<string, string>; cpuProfileDir?: string }): Promise<VigilProcess> {
  const env = {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vigil-bench-')),
    LOG_LEVEL: 'warn',
    SIGNIN_RATE_PER_MINUTE: '1000000',
    RESPONDER_REGISTER_RATE_PER_MINUTE: '1000000',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  // Node itself (not npx), so that the SIGTERM at the end reaches Vigil: npx does not pass it on.
  // With a profile folder, V8 writes the process's CPU profile there at its exit (open it in Chrome's DevTools).
  const profile = options.cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfileDir] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/src/main.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Vigil did not start in 180 s')), 180_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Vigil is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`Vigil exited with ${code}`)));
  });
  return {
    child,
    base: `http://127.0.0.1:${options.port}`,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** CPU seconds a process has used (user and system, from /proc). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks
}

/**
 * Waits until a process is idle (under 10 % of a core over half a second, at most 60 s): the requests
 * a line left queued when it stopped must not run into the next line's measure.
 */
export async function settled(pid: number): Promise<void> {
  for (let tries = 0; tries < 120; tries += 1) {
    const before = cpuSeconds(pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (cpuSeconds(pid) - before < 0.05) return;
  }
}
