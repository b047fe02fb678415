/** Where help requests go; set VITE_SUPPORT_EMAIL at build time to change it. */
export const supportEmail: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@vigil.local';

/** Legal notice page; set VITE_LEGAL_NOTICE_URL at build time to point elsewhere. */
export const legalNoticeUrl: string = import.meta.env.VITE_LEGAL_NOTICE_URL || '/legal-notice.html';

/** A mailto address to contact the support team. */
export function contactHref(subject: string): string {
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}`;
}

/** A mailto problem report carrying what support needs to reproduce: page, account, group, time, browser. */
export function problemReportHref(subject: string, context: { accountName?: string; siteId?: number; idGroup?: number; email?: string; detail?: string }): string {
  const lines = [
    `Page: ${window.location.href}`,
    `Account: ${context.accountName ?? '-'} (${context.siteId ?? '-'})`,
    `Group: ${context.idGroup ?? '-'}`,
    `User: ${context.email ?? '-'}`,
    `Time: ${new Date().toISOString()}`,
    `Browser: ${navigator.userAgent}`,
    ...(context.detail ? [`Detail: ${context.detail}`] : []),
    '',
    '---',
    '',
  ];
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(lines.join('\n'))}`;
}
