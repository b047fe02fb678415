import { dirname, relative, resolve, sep } from 'node:path';

/** The `@font-face` rules of a style sheet, rewritten: what each one's body becomes (one or several rules). */
export async function rewriteFontFaces(css: string, rewrite: (body: string) => Promise<string>): Promise<string> {
  const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)];
  const rewritten = await Promise.all(faces.map((face) => rewrite(face[1])));
  let result = '';
  let from = 0;
  faces.forEach((face, index) => {
    result += css.slice(from, face.index) + rewritten[index];
    from = face.index + face[0].length;
  });
  return result + css.slice(from);
}

/** The file of the WOFF2 source a face lists (the one format every browser Vigil supports reads), or undefined. */
export function woff2Source(body: string, sheetFile: string): string | undefined {
  const url = /url\(\s*(['"]?)([^'")?#]+\.woff2)[^'")]*\1\s*\)/.exec(body)?.[2];
  return url && resolve(dirname(sheetFile), url);
}

/**
 * A `@font-face` rule with the face's descriptors (family, weight, style, display…) and one WOFF2
 * source instead of its list, limited to `unicodeRange` when given. The URL is relative to the style
 * sheet, so the bundler fingerprints the file and emits it beside the other assets.
 */
export function fontFace(body: string, sheetFile: string, fontFile: string, unicodeRange?: string): string {
  const descriptors = body
    .replace(/\bsrc\s*:[^;]*;?/g, '')
    .replace(/\bunicode-range\s*:[^;]*;?/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  let url = relative(dirname(sheetFile), fontFile).split(sep).join('/');
  if (!url.startsWith('.')) url = `./${url}`;
  descriptors.push(`src: url("${url}") format("woff2");`);
  if (unicodeRange) descriptors.push(`unicode-range: ${unicodeRange};`);
  return `@font-face {\n  ${descriptors.join('\n  ')}\n}`;
}
