/** A part of a message catalogue (src/i18n/catalogue-parts.ts), as scripts/catalogue-parts.ts builds it. */
declare module '*.json?part=public' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=app' {
  const messages: Record<string, string>;
  export default messages;
}
