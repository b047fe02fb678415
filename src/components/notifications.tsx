import { Toast, type ToastMessage } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { useIntl } from '../i18n/intl-provider';
import { onNotice } from '../services/notify';

let nextId = 0;

const summaryKeys = { success: 'notice.success', info: 'notice.info', warn: 'notice.warn', error: 'notice.error' } as const;

/** Shows what `notify()` sends as toasts; each leaves after its life (2000 ms by default) and then runs its callback. */
export function Notifications() {
  const toast = useRef<Toast>(null);
  const callbacks = useRef(new Map<string, () => void>());
  const { t } = useIntl();
  useEffect(
    () =>
      onNotice((notice) => {
        const id = `notice-${(nextId += 1)}`;
        if (notice.onClose) callbacks.current.set(id, notice.onClose);
        toast.current?.show({ id, severity: notice.type, summary: t(summaryKeys[notice.type]), detail: t(notice.key, notice.values), life: notice.life });
      }),
    [t],
  );
  const removed = (message: ToastMessage) => {
    const id = String(message.id);
    callbacks.current.get(id)?.();
    callbacks.current.delete(id);
  };
  return <Toast ref={toast} position="top-center" onRemove={removed} />;
}
