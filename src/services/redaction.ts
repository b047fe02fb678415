/**
 * What the live inspector may show of an event payload or a machine context: a plain copy with
 * secrets and personal data replaced by a marker. Keys name what is hidden (tokens, passwords,
 * names, contact details, addresses, positions); values are checked too, so a JWT or an e-mail
 * address under an innocent key is hidden as well. Depth, arrays and strings are cut short so that
 * a large list never slows the app down.
 */

export const redacted = '[redacted]';

/** Keys (compared without case, dashes or underscores) whose values are never shown. */
const sensitiveKey =
  /token|password|passwd|secret|authorization|cookie|jwt|apikey|credential|session(id)?$|email|mail$|phone|mobile|firstname|lastname|fullname|^name$|username|birth|address|street|^lat$|^lng$|^lon$|latitude|longitude|position|coordinates|iban|diploma|comment|^code$|signature/;

const jwtLike = /^[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}$/;
const emailLike = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const phoneLike = /^\+?\d[\d .-]{7,}\d$/;

export interface RedactOptions {
  maxDepth?: number;
  maxItems?: number;
  maxString?: number;
}

function isSensitiveKey(key: string): boolean {
  return sensitiveKey.test(key.toLowerCase().replace(/[-_\s]/g, ''));
}

function redactString(value: string, maxString: number): string {
  if (jwtLike.test(value) || emailLike.test(value) || phoneLike.test(value)) return redacted;
  return value.length > maxString ? `${value.slice(0, maxString)}…` : value;
}

/** A display-safe copy of `value` (see the module comment). */
export function redact(value: unknown, options: RedactOptions = {}): unknown {
  const { maxDepth = 6, maxItems = 25, maxString = 200 } = options;
  const seen = new WeakSet<object>();
  const walk = (current: unknown, depth: number): unknown => {
    if (current === null || current === undefined) return current;
    if (typeof current === 'string') return redactString(current, maxString);
    if (typeof current === 'number' || typeof current === 'boolean') return current;
    if (typeof current === 'bigint') return current.toString();
    if (typeof current === 'function') return '[function]';
    if (typeof current === 'symbol') return current.toString();
    if (current instanceof Date) return current.toISOString();
    if (typeof Blob !== 'undefined' && current instanceof Blob) return `[file ${current.size} bytes]`;
    if (typeof AbortSignal !== 'undefined' && current instanceof AbortSignal) return '[signal]';
    if (typeof current !== 'object') return String(current);
    if (seen.has(current)) return '[circular]';
    // An actor reference (a child, a parent): its id says enough.
    if ('send' in current && 'getSnapshot' in current && typeof (current as { id?: unknown }).id === 'string') return `[actor ${(current as unknown as { id: string }).id}]`;
    if (depth >= maxDepth) return Array.isArray(current) ? `[${current.length} items]` : '[…]';
    seen.add(current);
    if (Array.isArray(current)) {
      const items = current.slice(0, maxItems).map((item) => walk(item, depth + 1));
      if (current.length > maxItems) items.push(`… ${current.length - maxItems} more`);
      return items;
    }
    if (current instanceof Map) return walk(Object.fromEntries(current), depth);
    if (current instanceof Set) return walk([...current], depth);
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(current)) {
      copy[key] = isSensitiveKey(key) && item !== null && item !== undefined && item !== '' ? redacted : walk(item, depth + 1);
    }
    return copy;
  };
  return walk(value, 0);
}
