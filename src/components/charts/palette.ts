/**
 * The chart colours of spec §9: primary green first, then five more tones, each semi-transparent
 * so that overlapping series and doughnut slices stay readable on the light cards.
 */
export const chartTones = [
  'rgba(21, 128, 61, 0.85)',
  'rgba(29, 78, 216, 0.72)',
  'rgba(217, 119, 6, 0.72)',
  'rgba(124, 58, 237, 0.68)',
  'rgba(190, 18, 60, 0.68)',
  'rgba(13, 148, 136, 0.72)',
] as const;

/** The tone of the n-th series or slice (the six repeat). */
export const toneOf = (index: number) => chartTones[index % chartTones.length];

/** Font and text colours the charts share with the PrimeReact theme. */
export const chartFont = { fontFamily: 'var(--font-family, Inter, sans-serif)', foreColor: '#475569' };
