/** A timestamp as PostgreSQL writes it in UTC: "2026-11-26 09:54:55.998765+00" (fraction optional). */
const utcText = /^([1-9]\d{3}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * The ISO text (`Date.prototype.toISOString`) of a timestamp as a query returns it: a Date, or the
 * database's text. UTC text is rewritten directly, the fraction cut to milliseconds as `new Date`
 * cuts it; anything else goes through `new Date`. A list answer formats hundreds of timestamps, and
 * parsing the text into a Date costs about ten times the rewrite.
 */
export function isoTimestamp(value: Date | string): string {
  if (typeof value === 'string') {
    const match = utcText.exec(value);
    if (match) {
      const fraction = match[3] ?? '';
      return `${match[1]}T${match[2]}.${fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, '0')}Z`;
    }
  }
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
