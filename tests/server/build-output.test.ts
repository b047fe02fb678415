import { describe, expect, it } from 'vitest';
import { subsetCss } from '../../scripts/css-subset';

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
