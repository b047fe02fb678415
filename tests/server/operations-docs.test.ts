import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

const token = 'a metrics token for the docs test';
let server: TestServer;
let exposed: Set<string>;

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: token }, { background: false });
  const text = (await server.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })).body;
  exposed = new Set();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    exposed.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) exposed.add(`${name}${suffix}`);
  }
}, 240_000);
afterAll(async () => server?.close());

/** Names in a PromQL expression that are metrics: identifiers not followed by "(" nor inside braces, "by (...)" or quotes. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"[^"]*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(by|without)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '');
  const words = [...bare.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()/g)].map((match) => match[1]);
  const keywords = new Set(['and', 'or', 'unless', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'offset', 'e']);
  return words.filter((word) => !keywords.has(word) && !/^\d/.test(word));
}

describe('the operations documents name metrics Vigil exposes', () => {
  it('every query of the Grafana dashboard (docs/grafana/vigil-dashboard.json)', () => {
    const dashboard = JSON.parse(readFileSync(new URL('../../docs/grafana/vigil-dashboard.json', import.meta.url), 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
      templating: { list: { query?: string }[] };
    };
    const queries = [...dashboard.panels.flatMap((panel) => panel.targets.map((target) => ({ where: panel.title, expr: target.expr })))];
    for (const variable of dashboard.templating.list) {
      const inner = /label_values\((\w+)/.exec(variable.query ?? '');
      if (inner) queries.push({ where: 'variable', expr: inner[1] });
    }
    expect(queries.length).toBeGreaterThan(15);
    const unknown = queries.flatMap(({ where, expr }) => metricNames(expr).filter((name) => !exposed.has(name)).map((name) => `${where}: ${name}`));
    expect(unknown).toEqual([]);
  });

  it('every alert rule (docs/prometheus/vigil-alerts.yml), and docs/operations.md shows those rules', () => {
    const rules = readFileSync(new URL('../../docs/prometheus/vigil-alerts.yml', import.meta.url), 'utf8');
    const exprs = [...rules.matchAll(/^\s+expr: (.+)$/gm)].map((match) => match[1]);
    const alerts = [...rules.matchAll(/^\s+- alert: (\w+)$/gm)].map((match) => match[1]);
    expect(alerts).toEqual(['VigilPushOutboxStuck', 'VigilJobQueueLag', 'VigilHigh5xxRate', 'VigilDatabaseUnreachable', 'VigilListenerDown']);
    expect(exprs).toHaveLength(alerts.length);
    expect(exprs.flatMap((expr) => metricNames(expr).filter((name) => !exposed.has(name)))).toEqual([]);
    const operations = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
    for (const alert of alerts) expect(operations).toContain(alert);
  });

  it('the name check would catch a misspelt metric', () => {
    expect(metricNames('sum by (queue) (rate(vigil_job_queue_lagg_seconds{queue="x"}[5m])) > 1e-9').filter((name) => !exposed.has(name))).toEqual(['vigil_job_queue_lagg_seconds']);
  });
});
