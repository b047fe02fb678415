import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { sourceFiles } from './css-subset';
import { fontFace, rewriteFontFaces, woff2Source } from './font-faces';
import { charactersOf, complementOf, rangesOf, unicodeRange, type CodeRange } from './unicode-ranges';

/**
 * The fonts the first screens download, cut at build time to what the SPA writes (issue 24):
 * - PrimeIcons keeps the glyphs of the icon classes left in its style sheet once the classes no
 *   source names are cut (scripts/css-subset.ts runs first), under their own code points, so the
 *   classes work unchanged; the face lists that WOFF2 file only (no EOT, TTF, SVG or WOFF).
 * - The theme's Inter is split in two faces of one family: a Latin part (the characters of French,
 *   English and German, and every other character the sources and catalogues write), which is what
 *   the screens download, and the whole font for every other character (a name in Greek or
 *   Cyrillic), which the browser downloads only when such a character is on screen.
 * The subsets are made with HarfBuzz (the npm package subset-font), keeping every OpenType feature
 * (the theme's character variants, tabular figures) and the weight axis, and kept under
 * node_modules/.cache by their inputs, so a build makes them again only when a font, the icons or
 * the text change.
 */

/**
 * What Latin text needs besides the characters the sources write: Basic Latin and Latin-1, Œ œ,
 * general punctuation (the narrow no-break space French numbers are written with, quotes, dashes),
 * €, ™, the minus sign, arrows, and the byte-order and replacement marks.
 */
export const latin: CodeRange[] = rangesOf([[0x0, 0xff], [0x152, 0x153], [0x2000, 0x206f], 0x20ac, 0x2122, [0x2190, 0x2193], 0x2212, 0xfeff, 0xfffd]);

const cacheRoot = fileURLToPath(new URL('../node_modules/.cache/vigil-fonts', import.meta.url));
const subsetterVersion = (createRequire(import.meta.url)('subset-font/package.json') as { version: string }).version;

/** A WOFF2 file of `fontFile` with only the glyphs of `text` (and those its features reach), named `name`. */
export async function subsetWoff2(fontFile: string, text: string, name: string): Promise<string> {
  const font = readFileSync(fontFile);
  const key = createHash('sha256').update(subsetterVersion).update('\0').update(font).update('\0').update(text).digest('hex').slice(0, 16);
  const file = join(cacheRoot, key, name);
  if (existsSync(file)) return file;
  const subset = await subsetFont(font, text, { targetFormat: 'woff2' });
  mkdirSync(join(cacheRoot, key), { recursive: true });
  writeFileSync(file, subset);
  return file;
}

/** PrimeIcons' glyph classes and their code points, as its style sheet maps them (`.pi-check:before { content: "\e909"; }`). */
export function iconGlyphs(css: string): Map<string, number> {
  const glyphs = new Map<string, number>();
  for (const [, name, hex] of css.matchAll(/\.(pi-[\w-]+):+before\s*\{\s*content:\s*["']\\([0-9a-f]+)["']/gi)) glyphs.set(name, parseInt(hex, 16));
  return glyphs;
}

/** PrimeIcons' style sheet with its face pointing at a font of the glyphs its remaining classes show. */
export function iconFontCss(css: string, sheetFile: string): Promise<string> {
  const text = String.fromCodePoint(...iconGlyphs(css).values());
  return rewriteFontFaces(css, async (body) => {
    const source = woff2Source(body, sheetFile);
    if (!source) return `@font-face {${body}}`;
    return fontFace(body, sheetFile, await subsetWoff2(source, text, basename(source)));
  });
}

/** A style sheet whose WOFF2 faces each become a face of the `keep` ranges (subset) and one of the rest (whole font). */
export function textFontCss(css: string, sheetFile: string, keep: readonly CodeRange[]): Promise<string> {
  return rewriteFontFaces(css, async (body) => {
    const source = woff2Source(body, sheetFile);
    if (!source) return `@font-face {${body}}`;
    const subset = await subsetWoff2(source, charactersOf(keep), basename(source).replace(/\.woff2$/, '-latin.woff2'));
    return `${fontFace(body, sheetFile, source, unicodeRange(complementOf(keep)))}\n${fontFace(body, sheetFile, subset, unicodeRange(keep))}`;
  });
}

/** The characters a text font must hold for the SPA: Latin, and every character of the sources and catalogues. */
export function textRanges(sources: string[]): CodeRange[] {
  const points = new Set<number>();
  for (const file of sourceFiles(sources, /\.(tsx?|html|json)$/)) {
    for (const character of readFileSync(file, 'utf8')) points.add(character.codePointAt(0)!);
  }
  return rangesOf([...latin, ...points]);
}

/** The build plugin: PrimeIcons' style sheet (matching `icons`) and the text font's (matching `text`) get their subset fonts. */
export function fontSubset(options: { icons: RegExp; text: RegExp; sources: string[] }): Plugin {
  let keep: CodeRange[] | undefined;
  return {
    name: 'vigil-font-subset',
    apply: 'build',
    enforce: 'pre',
    transform: {
      // Only the two style sheets reach the hook (a filter the bundler applies without calling it).
      filter: { id: [options.icons, options.text] },
      async handler(code, id) {
        const file = id.split('?')[0];
        if (options.icons.test(file)) return { code: await iconFontCss(code, file), map: null };
        if (options.text.test(file)) return { code: await textFontCss(code, file, (keep ??= textRanges(options.sources))), map: null };
        return null;
      },
    },
  };
}
