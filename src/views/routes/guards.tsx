import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { ScreenName } from '../../../contract/access';
import { canOpen, isSignedIn, sessionViewOf, wantedPathOf } from '../../machines/session/session.selectors';
import { SessionActor } from '../app/actor-contexts';

export const signInPath = '/authentication/sign-in';
export const defaultPath = '/dashboards/default';

/**
 * A history this short means the page was opened directly (a link, a bookmark, a new tab):
 * that is the page worth reopening after sign-in (spec §2).
 */
const shortHistoryLength = 2;

/** Screens behind sign-in: a signed-out visitor goes to sign-in, the page remembered when the history is short. */
export function RequireSession() {
  const view = SessionActor.useSelector(sessionViewOf);
  const session = SessionActor.useActorRef();
  const location = useLocation();
  const signedOut = view === 'signedOut' || view === 'signingIn';
  useEffect(() => {
    if (signedOut && window.history.length <= shortHistoryLength && location.pathname !== defaultPath) {
      session.send({ type: 'session.rememberPath', path: `${location.pathname}${location.search}` });
    }
  }, [signedOut, session, location]);
  if (view === 'restoring') return null;
  return signedOut ? <Navigate to={signInPath} replace /> : <Outlet />;
}

/** The sign-in page is for signed-out visitors; once signed in, the wanted page or the default one opens. */
export function SignedOutOnly() {
  const signedIn = SessionActor.useSelector(isSignedIn);
  const restoring = SessionActor.useSelector((snapshot) => snapshot.matches('restoring'));
  const wantedPath = SessionActor.useSelector(wantedPathOf);
  const session = SessionActor.useActorRef();
  const navigate = useNavigate();
  useEffect(() => {
    if (!signedIn) return;
    navigate(wantedPath ?? defaultPath, { replace: true });
    session.send({ type: 'session.pathReopened' });
    // Only the moment of signing in matters, not later changes of the wanted path.
  }, [signedIn]);
  // While the stored session is read, nothing shows (the third-party return waits for it too).
  return signedIn || restoring ? null : <Outlet />;
}

/** A screen outside the group's route set (or an account not ready yet) sends to the default page, which lands. */
export function ScreenGuard({ screen }: { screen: ScreenName }) {
  const allowed = SessionActor.useSelector((snapshot) => canOpen(snapshot, screen));
  return allowed ? <Outlet /> : <Navigate to={defaultPath} replace />;
}
