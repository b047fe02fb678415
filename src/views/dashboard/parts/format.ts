/** Figures as the dashboards show them. Pure. */

/** A number in the interface's locale, with at most `digits` decimals; "–" for none. */
export function formatNumber(value: number | null | undefined, locale: string, digits = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  return new Intl.NumberFormat(locale.replace('_', '-'), { maximumFractionDigits: digits }).format(value);
}

/** Seconds as "1 min 20 s", "45 s", "1 h 05". */
export function formatSeconds(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '–';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    const rest = Math.round(seconds % 60);
    return rest ? `${minutes} min ${String(rest).padStart(2, '0')} s` : `${minutes} min`;
  }
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}
