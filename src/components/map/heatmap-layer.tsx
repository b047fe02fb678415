import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/** A weighted point: [lat, lon, weight]. */
export type HeatPoint = readonly [number, number, number];

interface HeatmapLayerProps {
  points: readonly HeatPoint[];
  /** The weight that reaches the hottest colour (the heaviest cell). */
  max: number;
  /** Radius of one point in pixels, before the blur. */
  radius?: number;
  blur?: number;
}

/** Colour stops from cool to hot: green (the primary), yellow, orange, red. */
const gradient: [number, string][] = [
  [0.25, 'rgba(21, 128, 61, 0.55)'],
  [0.5, '#84cc16'],
  [0.7, '#facc15'],
  [0.85, '#f97316'],
  [1, '#dc2626'],
];

/** A 256-entry RGBA palette of the gradient. */
function paletteOf(): Uint8ClampedArray {
  const canvas = document.createElement('canvas');
  canvas.width = 256;
  canvas.height = 1;
  const context = canvas.getContext('2d')!;
  const linear = context.createLinearGradient(0, 0, 256, 0);
  for (const [stop, colour] of gradient) linear.addColorStop(stop, colour);
  context.fillStyle = linear;
  context.fillRect(0, 0, 256, 1);
  return context.getImageData(0, 0, 256, 1).data;
}

/** A blurred disc, drawn once, stamped for every point. */
function stampOf(radius: number, blur: number): HTMLCanvasElement {
  const stamp = document.createElement('canvas');
  const size = (radius + blur) * 2;
  stamp.width = size;
  stamp.height = size;
  const context = stamp.getContext('2d')!;
  context.shadowOffsetX = size * 2;
  context.shadowBlur = blur;
  context.shadowColor = 'black';
  context.beginPath();
  context.arc(radius + blur - size * 2, radius + blur, radius, 0, Math.PI * 2, true);
  context.closePath();
  context.fill();
  return stamp;
}

/**
 * A heat layer on a canvas of its own: each point stamps a blurred disc whose opacity is its weight
 * over `max`, then the alpha is coloured through the gradient. Redrawn on every move and zoom.
 */
class CanvasHeatLayer extends L.Layer {
  private canvas?: HTMLCanvasElement;
  private palette?: Uint8ClampedArray;
  private stamp?: HTMLCanvasElement;
  private points: readonly HeatPoint[] = [];
  private max = 1;

  constructor(
    private readonly radius: number,
    private readonly blur: number,
  ) {
    super();
  }

  setData(points: readonly HeatPoint[], max: number): this {
    this.points = points;
    this.max = Math.max(max, 1);
    this.redraw();
    return this;
  }

  override onAdd(map: L.Map): this {
    this.canvas = L.DomUtil.create('canvas', 'vigil-heat leaflet-zoom-hide') as HTMLCanvasElement;
    this.canvas.style.pointerEvents = 'none';
    map.getPanes().overlayPane.appendChild(this.canvas);
    this.palette = paletteOf();
    this.stamp = stampOf(this.radius, this.blur);
    map.on('moveend zoomend resize', this.redraw, this);
    this.redraw();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('moveend zoomend resize', this.redraw, this);
    this.canvas?.remove();
    this.canvas = undefined;
    return this;
  }

  private redraw(): void {
    const map = this._map as L.Map | undefined;
    if (!map || !this.canvas || !this.stamp || !this.palette) return;
    const size = map.getSize();
    this.canvas.width = size.x;
    this.canvas.height = size.y;
    L.DomUtil.setPosition(this.canvas, map.containerPointToLayerPoint([0, 0]));
    const context = this.canvas.getContext('2d', { willReadFrequently: true })!;
    context.clearRect(0, 0, size.x, size.y);
    const offset = this.radius + this.blur;
    for (const [lat, lon, weight] of this.points) {
      const point = map.latLngToContainerPoint([lat, lon]);
      if (point.x < -offset || point.y < -offset || point.x > size.x + offset || point.y > size.y + offset) continue;
      // Light cells stay visible: the opacity grows with the square root of the weight.
      context.globalAlpha = Math.min(0.75, 0.12 + 0.6 * Math.sqrt(weight / this.max));
      context.drawImage(this.stamp, point.x - offset, point.y - offset);
    }
    if (size.x === 0 || size.y === 0) return;
    const image = context.getImageData(0, 0, size.x, size.y);
    const pixels = image.data;
    for (let index = 3; index < pixels.length; index += 4) {
      const alpha = pixels[index];
      if (alpha === 0) continue;
      const at = alpha * 4;
      pixels[index - 3] = this.palette[at];
      pixels[index - 2] = this.palette[at + 1];
      pixels[index - 1] = this.palette[at + 2];
      pixels[index] = Math.min(230, alpha + 40);
    }
    context.putImageData(image, 0, 0);
  }
}

/** A heat layer of weighted points on the surrounding VigilMap. */
export function HeatmapLayer({ points, max, radius = 14, blur = 16 }: HeatmapLayerProps) {
  const map = useMap();
  useEffect(() => {
    const layer = new CanvasHeatLayer(radius, blur);
    layer.addTo(map);
    layer.setData(points, max);
    return () => {
      layer.remove();
    };
  }, [map, points, max, radius, blur]);
  return null;
}
