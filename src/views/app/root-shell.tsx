import { useEffect, useSyncExternalStore } from 'react';
import { Outlet } from 'react-router-dom';
import { Notifications } from '../../components/notifications';
import { useIntl } from '../../i18n/intl-provider';
import { MobileUnsupportedPage } from '../system/mobile-unsupported-page';
import { ServerErrorDialog } from '../system/server-error-dialog';
import { SessionExpiredDialog } from '../system/session-expired-dialog';
import { usePageViews, useRealtimeConnection, useUnauthorizedSignOut } from './session-bridge';

/** Below this width only the mobile-unsupported page shows (spec §1). */
const narrowQuery = '(max-width: 767.98px)';

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(narrowQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the window is narrower than 768 px, following resizes. */
export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribeToWidth, () => window.matchMedia(narrowQuery).matches);
}

/** Keeps `<html lang dir>` in step with the interface language and direction. */
function useDocumentLanguage(): void {
  const { language, direction } = useIntl();
  useEffect(() => {
    document.documentElement.lang = language.iso;
    document.documentElement.dir = direction;
  }, [language, direction]);
}

/** The frame around every route: session wiring, page views, dialogs and toasts; the mobile page on narrow windows. */
export function RootShell() {
  const narrow = useIsNarrow();
  useDocumentLanguage();
  useUnauthorizedSignOut();
  useRealtimeConnection();
  usePageViews();
  if (narrow) return <MobileUnsupportedPage />;
  return (
    <>
      <Outlet />
      <SessionExpiredDialog />
      <ServerErrorDialog />
      <Notifications />
    </>
  );
}
