/**
 * Map credits are put in the page as HTML (providers publish theirs with links), so only text and
 * plain https links may pass: nothing that could carry script or style.
 */

const link = /<a\s[^>]*?href="(https?:\/\/[^"<>\s]+)"[^>]*>([^<>]*)<\/a>/gi;

/** True when a configured credit is text with, at most, links written `<a href="https://…">text</a>`. */
export function isSafeAttribution(text: string): boolean {
  return !/[<>]/.test(text.replace(/<a href="https?:\/\/[^"<>\s]+">([^<>]*)<\/a>/g, '$1'));
}

/** A credit read from a file (an archive's metadata) reduced to text and plain links; other tags are dropped. */
export function safeAttribution(html: string): string {
  const links: string[] = [];
  const marked = html.replace(link, (_whole, href: string, text: string) => `\u0000${links.push(`<a href="${href}">${text}</a>`) - 1}\u0000`);
  const text = marked.replace(/<[^>]*>?/g, '').replace(/[<>]/g, '');
  return text.replace(/\u0000(\d+)\u0000/g, (_whole, index: string) => links[Number(index)]!);
}
