import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Utility style sheets (PrimeFlex, PrimeIcons' icon classes) ship thousands of classes of which the
 * SPA uses a few hundred. At build time this keeps only the rules whose classes all appear as a word
 * somewhere in the sources (a class written whole in a string or a template, as the code does), and
 * drops the others: the first screen downloads a few kilobytes of them instead of 35.
 */

const classPattern = /\.((?:\\.|[\w-])+)/g;

/** The class names a selector needs (`.md\:col-6:hover > .p-button` → md:col-6, p-button). */
function classesOf(selector: string): string[] {
  return [...selector.matchAll(classPattern)].map((match) => match[1].replace(/\\(.)/g, '$1'));
}

/** Splits a selector list on its top-level commas. */
function selectorsOf(prelude: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < prelude.length; index += 1) {
    const char = prelude[index];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      selectors.push(prelude.slice(start, index).trim());
      start = index + 1;
    }
  }
  selectors.push(prelude.slice(start).trim());
  return selectors.filter(Boolean);
}

/** The top-level statements of a style sheet: `prelude { body }` pairs. */
function statementsOf(css: string): { prelude: string; body: string }[] {
  const statements: { prelude: string; body: string }[] = [];
  let depth = 0;
  let start = 0;
  let open = 0;
  for (let index = 0; index < css.length; index += 1) {
    const char = css[index];
    if (char === '{') {
      if (depth === 0) open = index;
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) {
        statements.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, index) });
        start = index + 1;
      }
    } else if (char === ';' && depth === 0) {
      // A statement without a block (@charset, @import): kept as is.
      statements.push({ prelude: css.slice(start, index + 1).trim(), body: '' });
      start = index + 1;
    }
  }
  return statements;
}

/** The style sheet with only the rules whose every class is in `used` (grouping at-rules kept when something in them is). */
export function subsetCss(css: string, used: ReadonlySet<string>): string {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const kept: string[] = [];
  for (const { prelude, body } of statementsOf(withoutComments)) {
    if (prelude.endsWith(';')) {
      kept.push(prelude);
    } else if (/^@(media|supports|layer)\b/.test(prelude)) {
      const inner = subsetCss(body, used);
      if (inner.trim()) kept.push(`${prelude} {\n${inner}\n}`);
    } else if (prelude.startsWith('@')) {
      kept.push(`${prelude} {${body}}`);
    } else {
      const selectors = selectorsOf(prelude).filter((selector) => classesOf(selector).every((name) => used.has(name)));
      if (selectors.length) kept.push(`${selectors.join(',\n')} {${body}}`);
    }
  }
  return kept.join('\n');
}

/** Where the SPA's sources are: what names a class, and what the SPA writes. */
export const spaSources = ['src', 'contract', 'index.html'];

/** The files under the given folders and files whose names match `extensions`. */
export function sourceFiles(paths: string[], extensions: RegExp): string[] {
  const files: string[] = [];
  const visit = (path: string) => {
    if (statSync(path).isDirectory()) readdirSync(path).forEach((entry) => visit(join(path, entry)));
    else if (extensions.test(path)) files.push(path);
  };
  paths.forEach(visit);
  return files;
}

/** Every word (letters, digits, `-`, `_`, `:`) of the files under the given folders and files. */
export function wordsOf(paths: string[]): Set<string> {
  const words = new Set<string>();
  for (const file of sourceFiles(paths, /\.(tsx?|html)$/)) {
    for (const word of readFileSync(file, 'utf8').match(/[\w:-]+/g) ?? []) {
      words.add(word);
      // `hidden:` (an object key) still names the class hidden.
      for (const part of word.split(':')) words.add(part);
    }
  }
  return words;
}

/** The build plugin: subsets the style sheets whose path matches `sheets`, against the words of `sources`. */
export function cssSubset(options: { sheets: RegExp; sources: string[] }): Plugin {
  let used: Set<string> | undefined;
  return {
    name: 'vigil-css-subset',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!options.sheets.test(id.split('?')[0])) return null;
      used ??= wordsOf(options.sources);
      return { code: subsetCss(code, used), map: null };
    },
  };
}
