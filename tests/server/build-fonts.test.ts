import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { convert } from 'fontverter';
import { Blob, Buffer, Face, Feature, Font, shape } from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { sourceFiles, spaSources, subsetCss, wordsOf } from '../../scripts/css-subset';
import { woff2Source } from '../../scripts/font-faces';
import { iconFontCss, iconGlyphs, textFontCss, textRanges } from '../../scripts/font-subset';
import { complementOf, inRanges, rangesOf, unicodeRange, type CodeRange } from '../../scripts/unicode-ranges';

/** The faces of a style sheet the build made: each one's body, its font file and its unicode-range. */
function facesOf(css: string, sheetFile: string) {
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body]) => ({
    body,
    file: woff2Source(body, sheetFile)!,
    sources: body.match(/url\(/g)?.length ?? 0,
    ranges: rangesOf([...body.matchAll(/U\+([0-9A-F]+)(?:-([0-9A-F]+))?/gi)].map(([, first, last = first]): CodeRange => [parseInt(first, 16), parseInt(last, 16)])),
  }));
}

/**
 * What HarfBuzz reads in a WOFF2 file: the code points it maps, its variation axes, and what a
 * feature changes. One file at a time: the WOFF2 decoder hands back memory its next call reuses.
 */
async function fontOf(file: string) {
  const face = new Face(new Blob(new Uint8Array(await convert(readFileSync(file), 'truetype'))));
  const font = new Font(face);
  const glyphsOf = (text: string, features: Feature[]) => {
    const buffer = new Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    shape(font, buffer, features);
    return buffer.getGlyphInfos().map((glyph) => glyph.codepoint);
  };
  return {
    codePoints: new Set(face.collectUnicodes()),
    axes: face.getAxisInfos(),
    /** The positions in `text` whose glyph the feature replaces. */
    changedBy(tag: string, text: string) {
      const plain = glyphsOf(text, []);
      return glyphsOf(text, [new Feature(tag, 1)]).flatMap((glyph, index) => (glyph === plain[index] ? [] : [index]));
    },
  };
}

describe('PrimeIcons cut to the icons the sources name', () => {
  const sheetFile = resolve('node_modules/primeicons/primeicons.css');
  const sheet = readFileSync(sheetFile, 'utf8');
  const glyphs = iconGlyphs(sheet);
  const named = [...wordsOf(spaSources)].filter((word) => word.startsWith('pi-'));

  it('names only classes PrimeIcons has (a misspelt or missing icon would show a blank box)', () => {
    const unknown = named.filter((name) => !new RegExp(`\\.${name}[^\\w-]`).test(sheet));
    expect(unknown).toEqual([]);
  });

  it('ships, as one WOFF2 file, the glyph of every icon class the sources name and no other', async () => {
    const css = await iconFontCss(subsetCss(sheet, wordsOf(spaSources)), sheetFile);
    const [face, ...others] = facesOf(css, sheetFile);
    expect(others).toEqual([]);
    expect(face.sources).toBe(1);
    const { codePoints } = await fontOf(face.file);
    const icons = named.filter((name) => glyphs.has(name));
    expect(icons.length).toBeGreaterThan(50);
    expect(icons.filter((name) => !codePoints.has(glyphs.get(name)!))).toEqual([]);
    const shown = new Set(icons.map((name) => glyphs.get(name)));
    expect([...codePoints].filter((point) => !shown.has(point))).toEqual([]);
  });
});

describe('Inter split into a Latin face and the rest', () => {
  const sheetFile = resolve('node_modules/primereact/resources/themes/lara-light-green/theme.css');
  const sample = 'Défibrillateur 24/7 à 1 369 m — Größe, naïve, cœur: 0123456789 aàâä';
  const catalogueCharacters = new Set(sourceFiles(['src/i18n/messages'], /\.json$/).flatMap((file) => [...readFileSync(file, 'utf8')].map((character) => character.codePointAt(0)!)));

  it('holds every character of the catalogues in the Latin face, with the theme’s features and weight axis, and the rest in the whole font', async () => {
    const css = await textFontCss(readFileSync(sheetFile, 'utf8'), sheetFile, textRanges(spaSources));
    const faces = facesOf(css, sheetFile);
    // Upright and italic, each a whole font and a Latin part.
    expect(faces.map((face) => face.file.split('/').at(-1))).toEqual(['InterVariable.woff2', 'InterVariable-latin.woff2', 'InterVariable-Italic.woff2', 'InterVariable-Italic-latin.woff2']);
    for (const [whole, latin] of [faces.slice(0, 2), faces.slice(2, 4)]) {
      expect(whole.body).toContain('font-weight: 100 900');
      expect(latin.body).toContain('font-weight: 100 900');
      expect(whole.sources).toBe(1);
      expect(latin.sources).toBe(1);
      // One face or the other for every character, never both: the browser downloads one file for a character.
      expect(unicodeRange(whole.ranges)).toBe(unicodeRange(complementOf(latin.ranges)));
      expect([...catalogueCharacters].filter((point) => !inRanges(latin.ranges, point))).toEqual([]);

      const wholeFont = await fontOf(whole.file);
      const latinFont = await fontOf(latin.file);
      const lost = [...wholeFont.codePoints].filter((point) => inRanges(latin.ranges, point) && !latinFont.codePoints.has(point));
      expect(lost).toEqual([]);
      expect(latinFont.codePoints.size).toBeLessThan(wholeFont.codePoints.size / 2);
      // The theme's character variants (open 4, 6, 9, single-storey a) and tabular figures work as before.
      // (The italic's a is single-storey already: cv11 changes nothing there, in either font.)
      for (const tag of ['cv02', 'cv03', 'cv04', 'cv11', 'tnum']) expect(latinFont.changedBy(tag, sample), tag).toEqual(wholeFont.changedBy(tag, sample));
      expect(latinFont.changedBy('cv02', sample)).toEqual([...sample].flatMap((character, index) => (character === '4' ? [index] : [])));
      expect(latinFont.axes).toEqual(wholeFont.axes);
    }
  });
});

describe('unicode ranges', () => {
  it('merges code points and ranges, and gives their complement and CSS form', () => {
    const ranges = rangesOf([0x41, [0x30, 0x39], 0x3a, [0x100, 0x17f], 0x42]);
    expect(ranges).toEqual([[0x30, 0x3a], [0x41, 0x42], [0x100, 0x17f]]);
    expect(unicodeRange(ranges)).toBe('U+30-3A, U+41-42, U+100-17F');
    expect(unicodeRange(complementOf(ranges))).toBe('U+0-2F, U+3B-40, U+43-FF, U+180-10FFFF');
  });
});
