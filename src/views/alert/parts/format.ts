/** Short display forms of the alert screen: distances, walking times, clocks. Pure. */

/** "80 m", "1.2 km" (locale digits; the app's locales are written fr_FR). */
export function formatDistance(metres: number | null, locale: string): string {
  if (metres === null) return '–';
  const tag = locale.replace('_', '-');
  if (metres < 1000) return `${new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }).format(Math.round(metres / 10) * 10 || Math.round(metres))} m`;
  return `${new Intl.NumberFormat(tag, { maximumFractionDigits: 1 }).format(metres / 1000)} km`;
}

/** "45 s", "3 min", "1 h 05". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}

/** "mm:ss" (or "h:mm:ss") of a span in ms; negative spans read 00:00. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** Initials for a responder's marker. */
export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

/**
 * The label of each responder's marker: initials, numbered when several responders share them
 * (CB1, CB2, in request order), so the map and the list tell them apart.
 */
export function markerLabelsOf(cards: ReadonlyArray<{ id: number; firstName: string; lastName: string }>): Map<number, string> {
  const byInitials = new Map<string, number[]>();
  for (const card of [...cards].sort((a, b) => a.id - b.id)) {
    const initials = initialsOf(card.firstName, card.lastName);
    byInitials.set(initials, [...(byInitials.get(initials) ?? []), card.id]);
  }
  const labels = new Map<number, string>();
  for (const [initials, ids] of byInitials) ids.forEach((id, index) => labels.set(id, ids.length > 1 ? `${initials}${index + 1}` : initials));
  return labels;
}
