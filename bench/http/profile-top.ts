/**
 * `npx tsx bench/http/profile-top.ts <file.cpuprofile> [count] [--total]`: the functions that took a
 * V8 CPU profile's time, by self time (or, with --total, with what they called), with their file;
 * what a bench's `--profile` folder holds.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}
const args = process.argv.slice(2);
const inclusive = args.includes('--total');
const [file, count = '30'] = args.filter((arg) => arg !== '--total');
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[] };
const total = profile.samples.length;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const keyOf = (node: ProfileNode) => {
  const where = node.callFrame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*\/(server|contract)\//, '$1/');
  return `${node.callFrame.functionName || '(anonymous)'}  ${where}:${node.callFrame.lineNumber + 1}`;
};
const times = new Map<string, number>();
/** A node's hits with its descendants'; a function counts once per stack however deep it recurses. */
function walk(node: ProfileNode, onStack: Set<string>): number {
  const key = keyOf(node);
  const hits = node.hitCount + (node.children ?? []).reduce((sum, child) => sum + walk(byId.get(child)!, new Set([...onStack, key])), 0);
  if (!inclusive) times.set(key, (times.get(key) ?? 0) + node.hitCount);
  else if (!onStack.has(key)) times.set(key, (times.get(key) ?? 0) + hits);
  return hits;
}
walk(profile.nodes[0], new Set());
for (const [key, hits] of [...times].sort((a, b) => b[1] - a[1]).slice(0, Number(count))) console.log(`${((hits / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
