import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../contract/endpoint';
import { tableForSpa } from '../../scripts/endpoint-tables';

const tableFiles = readdirSync('contract').filter((file) => file.endsWith('.endpoints.ts'));

type Tables = Record<string, Record<string, Endpoint>>;

/** Runs the SPA's copy of a table as the SPA would, its remaining imports taken from the contract itself. */
async function spaTables(file: string): Promise<{ source: string; tables: Tables }> {
  const source = tableForSpa(readFileSync(`contract/${file}`, 'utf8'));
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
  const imported = new Map<string, unknown>();
  for (const [, specifier] of source.matchAll(/from '([^']+)'/g)) imported.set(specifier, await import(resolve('contract', specifier)));
  const exports: Tables = {};
  new Function('require', 'exports', outputText)((specifier: string) => imported.get(specifier), exports);
  return { source, tables: exports };
}

describe("the SPA's copy of the endpoint tables", () => {
  it('calls every endpoint with the method and path of the table, and knows which answer JSON', async () => {
    for (const file of tableFiles) {
      const real = (await import(resolve('contract', file))) as Tables;
      const { tables } = await spaTables(file);
      expect(Object.keys(tables), file).toEqual(Object.keys(real).filter((name) => name !== '__esModule'));
      for (const [name, table] of Object.entries(tables)) {
        for (const [call, declared] of Object.entries(real[name])) {
          expect({ method: table[call].method, path: table[call].path, json: Boolean(table[call].response) }, `${name}.${call}`).toEqual({
            method: declared.method,
            path: declared.path,
            json: Boolean(declared.response),
          });
        }
      }
    }
  });

  it('leaves zod, the schemas and the prose out of the tables the sign-in route calls', async () => {
    for (const file of ['auth.endpoints.ts', 'account.endpoints.ts', 'password.endpoints.ts']) {
      const { source, tables } = await spaTables(file);
      expect([...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]), file).toEqual(['./endpoint']);
      for (const [call, declared] of Object.entries(Object.values(tables)[0])) {
        expect([declared.summary, declared.notAudited ?? '', declared.matrix.note ?? ''], call).toEqual(['', '', '']);
      }
    }
  });
});
