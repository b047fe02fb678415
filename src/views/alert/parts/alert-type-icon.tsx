/** The glyph of each alert type (spec §3), primeicons where one fits, a small drawing otherwise. */
export function AlertTypeIcon({ alertType, className = '' }: { alertType: number; className?: string }) {
  if (alertType === 4) {
    return (
      <svg className={`alert-type-icon ${className}`} viewBox="0 0 24 24" aria-hidden focusable="false">
        <path fill="currentColor" d="M12 2.5c-.3 0-.6.2-.8.4C9.6 5.2 5.5 10.8 5.5 14.5a6.5 6.5 0 0 0 13 0c0-3.7-4.1-9.3-5.7-11.6-.2-.2-.5-.4-.8-.4z" />
      </svg>
    );
  }
  if (alertType === 6) {
    return (
      <svg className={`alert-type-icon ${className}`} viewBox="0 0 24 24" aria-hidden focusable="false">
        <path fill="currentColor" d="M13.5 1.8c.4 3-1.2 4.6-2.7 6.1-1.4 1.4-2.8 2.8-2.8 5.3 0 .9.2 1.7.6 2.4-1.5-.6-2.6-2-2.9-3.7C4.6 13.3 4 15 4 16.6 4 20.1 7.6 23 12 23s8-2.9 8-6.9c0-5.8-5.1-8.5-6.5-14.3zM12 21c-1.9 0-3.3-1.2-3.3-2.9 0-2.2 2.3-3.2 3.3-5.6 1 2.4 3.3 3.4 3.3 5.6 0 1.7-1.4 2.9-3.3 2.9z" />
      </svg>
    );
  }
  const glyph = { 1: 'pi-heart-fill', 3: 'pi-car', 5: 'pi-plus-circle', 7: 'pi-user' }[alertType] ?? 'pi-exclamation-triangle';
  return <i className={`pi ${glyph} alert-type-icon ${className}`} aria-hidden />;
}
