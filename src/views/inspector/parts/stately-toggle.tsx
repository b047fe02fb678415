import { InputSwitch } from 'primereact/inputswitch';
import { useState } from 'react';
import { useIntl } from '../../../i18n/intl-provider';
import { connectStately, disconnectStately, statelyConnected } from '../../../services/stately-inspector';

/** Switches the optional Stately inspector on or off (loaded only when switched on). */
export function StatelyToggle() {
  const { t } = useIntl();
  const [on, setOn] = useState(statelyConnected);
  const [failed, setFailed] = useState(false);
  const toggle = async (value: boolean) => {
    setFailed(false);
    if (!value) {
      disconnectStately();
      setOn(false);
      return;
    }
    const connected = await connectStately();
    setOn(connected);
    setFailed(!connected);
  };
  return (
    <div className="inspector-stately" title={t('inspector.stately.hint')}>
      <InputSwitch inputId="inspector-stately" checked={on} onChange={(event) => void toggle(Boolean(event.value))} data-testid="stately-toggle" />
      <label htmlFor="inspector-stately">{t('inspector.stately')}</label>
      {failed && <small className="inspector-domain__error">{t('inspector.stately.failed')}</small>}
    </div>
  );
}
