/** The font tools of the build (scripts/font-subset.ts) and its test, which ship no types of their own. */
declare module 'subset-font' {
  /** A font (TTF, WOFF or WOFF2) cut to the glyphs of `text`, in `targetFormat` (the source's format unless told). */
  export default function subsetFont(font: Buffer, text: string, options?: { targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2' }): Promise<Buffer>;
}
declare module 'fontverter' {
  /** The font converted to another format (`truetype` for TTF). */
  export function convert(font: Buffer, toFormat: 'truetype' | 'sfnt' | 'woff' | 'woff2'): Promise<Buffer>;
}
