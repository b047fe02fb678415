import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveSpa } from '../../server/src/app';
import { subsetCss } from '../../scripts/css-subset';
import viteConfig from '../../vite.config';

/** A built SPA as Vite writes it: index.html, a script and its source map. */
const folder = mkdtempSync(join(tmpdir(), 'vigil-spa-'));
mkdirSync(join(folder, 'assets'));
writeFileSync(join(folder, 'index.html'), '<!doctype html><title>Vigil</title>');
writeFileSync(join(folder, 'assets', 'index-abc.js'), 'console.log("vigil");\n//# sourceMappingURL=index-abc.js.map');
writeFileSync(join(folder, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["src/main.tsx"],"mappings":""}');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function spa(serveSourceMaps: boolean) {
  const app = Fastify();
  serveSpa(app, serveSourceMaps, folder);
  await app.ready();
  return app;
}

describe('source maps', () => {
  it('are produced by the build', () => {
    const config = viteConfig as { build?: { sourcemap?: unknown } };
    expect(config.build?.sourcemap).toBe(true);
  });

  it('are not served in production: a .map is a 404, the script and the SPA routes still answer', async () => {
    const app = await spa(false);
    const map = await app.inject({ method: 'GET', url: '/assets/index-abc.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('src/main.tsx');
    expect((await app.inject({ method: 'GET', url: '/assets/index-abc.js' })).statusCode).toBe(200);
    const route = await app.inject({ method: 'GET', url: '/authentication/sign-in' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>Vigil</title>');
    await app.close();
  });

  it('are served with SERVE_SOURCEMAPS', async () => {
    const app = await spa(true);
    const map = await app.inject({ method: 'GET', url: '/assets/index-abc.js.map' });
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('src/main.tsx');
    await app.close();
  });
});

describe('utility style sheets subset to the classes the sources name', () => {
  const sheet = [
    '/* PrimeFlex */',
    '.flex { display: flex; }',
    '.hidden { display: none; }',
    '.grid > .col, .grid > [class*=col-] { box-sizing: border-box; }',
    '@media screen and (min-width: 768px) { .md\\:col-6 { width: 50%; } .md\\:col-4 { width: 33%; } }',
    '@media print { .print-only { display: block; } }',
    '@keyframes spin { from { transform: rotate(0); } to { transform: rotate(360deg); } }',
    '.pi-check:before { content: "\\e909"; }',
  ].join('\n');

  it('keeps used rules, selectors, media queries and keyframes, and drops the rest', () => {
    const subset = subsetCss(sheet, new Set(['flex', 'md:col-6', 'pi-check']));
    expect(subset).toContain('.flex { display: flex; }');
    expect(subset).toContain('.md\\:col-6 { width: 50%; }');
    expect(subset).toContain('.pi-check:before');
    expect(subset).toContain('@keyframes spin');
    expect(subset).not.toContain('.hidden');
    expect(subset).not.toContain('.md\\:col-4');
    expect(subset).not.toContain('@media print');
    // Every selector of this rule names a class no source uses: the rule goes.
    expect(subset).not.toContain('.grid');
  });

  it('keeps a selector list in part when some of its selectors are used', () => {
    const subset = subsetCss('.a, .b > .c, [hidden] { color: red; }', new Set(['a']));
    expect(subset).toBe('.a,\n[hidden] { color: red; }');
  });
});
