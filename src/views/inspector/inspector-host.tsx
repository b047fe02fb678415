import { Button } from 'primereact/button';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useSearchParams } from 'react-router-dom';
import { useIntl } from '../../i18n/intl-provider';
import { userOf } from '../../machines/session/session.selectors';
import { getInspectionAccess } from '../../services/inspection.api';
import { inspection } from '../../services/inspection';
import { SessionActor } from '../app/actor-contexts';
import './inspector.css';

const InspectorPanel = lazy(() => import('./inspector-panel'));

/**
 * Wraps the signed-in screens: for the users the server allows (super administrator, and the
 * groups of INSPECTOR_GROUPS), records the app's actors and offers the inspector button; the panel
 * itself is loaded on first opening. `?inspector=open` opens it on arrival.
 */
export function InspectorHost() {
  const user = SessionActor.useSelector(userOf);
  const [allowed, setAllowed] = useState(false);
  const userId = user?.id;
  const idGroup = user?.idGroup;
  useEffect(() => {
    setAllowed(false);
    inspection.setEnabled(false);
    if (userId === undefined) return;
    const controller = new AbortController();
    void getInspectionAccess(controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      const may = result.ok && result.data.allowed;
      inspection.setEnabled(may);
      setAllowed(may);
    });
    return () => controller.abort();
  }, [userId, idGroup]);
  return (
    <>
      <Outlet />
      {allowed && <InspectorToggle />}
    </>
  );
}

function InspectorToggle() {
  const { t } = useIntl();
  const [params] = useSearchParams();
  const [open, setOpen] = useState(params.get('inspector') === 'open');
  const [loaded, setLoaded] = useState(open);
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  return (
    <>
      {!open && (
        <Button className="inspector-toggle" icon="pi pi-sitemap" rounded severity="help" aria-label={t('inspector.open')} tooltip={t('inspector.open')} tooltipOptions={{ position: 'right' }} data-testid="inspector-toggle" onClick={show} />
      )}
      {loaded && (
        <Suspense fallback={null}>
          <InspectorPanel visible={open} onHide={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
