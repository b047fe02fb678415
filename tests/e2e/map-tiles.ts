import type { Page } from 'playwright-core';

/**
 * How many distinct colours the map's street tiles show (canvas tiles drawn by protomaps-leaflet from
 * the offline archive, sampled): a map with drawn streets shows several, an empty one at most one.
 * For browser tests started with `prepareE2e({ env: testBasemap() })`.
 */
export function drawnTileColours(page: Page): Promise<number> {
  return page.locator('.vigil-map canvas.leaflet-tile').evaluateAll((canvases) => {
    const colours = new Set<string>();
    for (const canvas of canvases as HTMLCanvasElement[]) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let index = 0; index < data.length; index += 4 * 97) colours.add(`${data[index]},${data[index + 1]},${data[index + 2]},${data[index + 3]}`);
    }
    return colours.size;
  });
}
