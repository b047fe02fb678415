import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';

/**
 * Every machine Vigil has, found where the code declares them: the workflow machines registered
 * in src/machines/registry.ts and the domain charts exported by contract/charts/*.chart.ts. The
 * statechart docs and the path-coverage run both start from this list, so a new machine shows up
 * in both without anyone listing it again.
 */
export interface CatalogueEntry {
  /** File name of its docs page: the registry id, or the chart file name (`alert.chart`). */
  id: string;
  kind: 'workflow' | 'domain';
  machine: AnyStateMachine;
  description: string;
  /** Where it is declared, relative to the repository root. */
  source: string;
}

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Workflow machines first (registry order), then domain charts by file name. */
export async function loadCatalogue(root = repoRoot): Promise<CatalogueEntry[]> {
  return [...(await workflowMachines(root)), ...(await domainCharts(root))];
}

async function workflowMachines(root: string): Promise<CatalogueEntry[]> {
  const registry = join(root, 'src/machines/registry.ts');
  if (!existsSync(registry)) return [];
  const { machines } = (await import(pathToFileURL(registry).href)) as { machines: Array<{ id: string; machine: AnyStateMachine; description: string }> };
  return machines.map(({ id, machine, description }) => ({ id, kind: 'workflow' as const, machine, description, source: 'src/machines/registry.ts' }));
}

async function domainCharts(root: string): Promise<CatalogueEntry[]> {
  const folder = join(root, 'contract/charts');
  if (!existsSync(folder)) return [];
  const entries: CatalogueEntry[] = [];
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.chart.ts')).sort()) {
    const text = readFileSync(join(folder, file), 'utf8');
    const exported = Object.entries(await import(pathToFileURL(join(folder, file)).href)).filter((entry): entry is [string, AnyStateMachine] => isMachine(entry[1]));
    const base = file.replace(/\.ts$/, '');
    for (const [name, machine] of exported) {
      entries.push({
        id: exported.length === 1 ? base : `${base}.${machine.id}`,
        kind: 'domain',
        machine,
        description: machine.root.description ?? docComment(text, name) ?? `Domain chart ${machine.id}.`,
        source: `contract/charts/${file}`,
      });
    }
  }
  return entries;
}

/** A state machine value, recognised by shape so that a second copy of xstate would not hide it. */
export function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'getStateNodeById' in value && typeof (value as { provide?: unknown }).provide === 'function';
}

/** The `/** ... *\/` comment right above `export const <name>`, as one paragraph. */
function docComment(source: string, name: string): string | undefined {
  const match = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*export const ${name}\\b`).exec(source);
  if (!match) return undefined;
  return match[1]!.split('\n').map((line) => line.replace(/^\s*\*\s?/, '').trim()).filter(Boolean).join(' ');
}
