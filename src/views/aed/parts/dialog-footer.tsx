import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useIntl } from '../../../i18n/intl-provider';

/** The footer of the AED form's dialogs: Cancel, then the dialog's own actions, on the right. */
export function DialogFooter({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  const { t } = useIntl();
  return (
    <div className="flex justify-content-end gap-2">
      <Button type="button" label={t('aed.common.cancel')} text severity="secondary" onClick={onCancel} />
      {children}
    </div>
  );
}
