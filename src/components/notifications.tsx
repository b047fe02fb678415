import type { Toast as ToastComponent, ToastMessage } from 'primereact/toast';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from '../i18n/intl-provider';
import { onNotice, type Notice } from '../services/notify';

/** PrimeReact's Toast downloads with the first notice, not with the first screen. */
const Toast = lazy(() => import('primereact/toast').then((module) => ({ default: module.Toast })));

let nextId = 0;

const summaryKeys = { success: 'notice.success', info: 'notice.info', warn: 'notice.warn', error: 'notice.error' } as const;

/** Shows what `notify()` sends as toasts; each leaves after its life (2000 ms by default) and then runs its callback. */
export function Notifications() {
  const toast = useRef<ToastComponent | null>(null);
  const callbacks = useRef(new Map<string, () => void>());
  /** Notices sent while the toast component was still loading, shown once it is there. */
  const waiting = useRef<Notice[]>([]);
  const [needed, setNeeded] = useState(false);
  const { t } = useIntl();
  const show = useCallback(
    (notice: Notice) => {
      const id = `notice-${(nextId += 1)}`;
      if (notice.onClose) callbacks.current.set(id, notice.onClose);
      toast.current?.show({ id, severity: notice.type, summary: t(summaryKeys[notice.type]), detail: t(notice.key, notice.values), life: notice.life });
    },
    [t],
  );
  useEffect(
    () =>
      onNotice((notice) => {
        if (toast.current) return show(notice);
        waiting.current.push(notice);
        setNeeded(true);
      }),
    [show],
  );
  const attach = useCallback(
    (component: ToastComponent | null) => {
      toast.current = component;
      if (!component) return;
      const pending = waiting.current.splice(0);
      pending.forEach(show);
    },
    [show],
  );
  const removed = (message: ToastMessage) => {
    const id = String(message.id);
    callbacks.current.get(id)?.();
    callbacks.current.delete(id);
  };
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toast ref={attach} position="top-center" onRemove={removed} />
    </Suspense>
  );
}
