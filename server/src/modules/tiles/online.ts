/**
 * The online street basemap: the default provider, the credit it needs, and the origin the
 * Content-Security-Policy must let images come from.
 */

/** Plan IGN v2 from IGN's Géoplateforme (WMTS, Web Mercator, no key): the French public street map, levels 0–19. */
export const defaultTileUrl =
  'https://data.geopf.fr/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=GEOGRAPHICALGRIDSYSTEMS.PLANIGNV2&STYLE=normal&TILEMATRIXSET=PM&FORMAT=image/png&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}';

/** IGN's credit for Plan IGN (Licence Ouverte Etalab 2.0 asks for the source to be named). */
export const ignAttribution = '<a href="https://www.ign.fr/">IGN</a> – Plan IGN';

/** The credit to show for the configured online tiles: the configured one, else IGN's for the default URL, else none. */
export function onlineAttribution(tileUrl: string, configured: string | undefined): string {
  if (configured !== undefined) return configured;
  return tileUrl === defaultTileUrl ? ignAttribution : '';
}

/**
 * The CSP source that admits the tiles of a URL template: its origin, with a `{s}` subdomain
 * turned into a wildcard (`https://{s}.tile.example.org` → `https://*.tile.example.org`); none for
 * a same-origin path or "none".
 */
export function tileSource(tileUrl: string): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/.exec(tileUrl);
  if (!match) return undefined;
  const host = match[2]!.replace(/\{s\}/g, '*');
  if (/[{}]/.test(host)) return undefined;
  return `${match[1]}://${host}`;
}
