import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { liveAlertGroups, liveNotificationGroups } from '../../../contract/groups';
import { trackPageView } from '../../services/analytics';
import { onUnauthorized } from '../../services/http';
import { connectRealtime, disconnectRealtime } from '../../services/realtime';
import { extraInfosOf } from '../../machines/extra-infos/extra-infos.selectors';
import { ExtraInfosActor, SessionActor } from './actor-contexts';

const currentPath = () => `${window.location.pathname}${window.location.search}`;

/** A 401 from any call but sign-in ends the session, remembering the page to reopen. */
export function useUnauthorizedSignOut(): void {
  const session = SessionActor.useActorRef();
  useEffect(() => onUnauthorized(() => session.send({ type: 'session.unauthorized', path: currentPath() })), [session]);
}

/** Keeps the one WebSocket open while a session is active on an account whose group hears live events. */
export function useRealtimeConnection(): void {
  const user = SessionActor.useSelector((snapshot) => (snapshot.matches({ signedIn: 'active' }) ? snapshot.context.user : null));
  const infos = ExtraInfosActor.useSelector(extraInfosOf);
  const listens = user !== null && (liveAlertGroups.includes(user.idGroup) || liveNotificationGroups.includes(user.idGroup));
  const token = listens ? user.token : null;
  useEffect(() => {
    if (!token || !user || !infos) return;
    connectRealtime({ token, accountName: user.accountName, siteId: user.siteId, env: infos.env, path: infos.wsPath });
    return () => disconnectRealtime();
    // The socket follows the token: a new sign-in or account switch reconnects it.
  }, [token, infos]);
}

/** Reports a page view to the analytics adapter on each route change. */
export function usePageViews(): void {
  const { pathname } = useLocation();
  const idGroup = SessionActor.useSelector((snapshot) => snapshot.context.user?.idGroup);
  const siteId = SessionActor.useSelector((snapshot) => snapshot.context.user?.siteId);
  // One report per route change, with the session it happened in.
  useEffect(() => trackPageView(pathname, { idGroup, siteId }), [pathname]);
}
