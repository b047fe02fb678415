import './aed.css';
import { useSelector } from '@xstate/react';
import { useActorRef } from '@xstate/react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useIntl } from '../../i18n/intl-provider';
import { aedMergeMachine } from '../../machines/aed-merge/aed-merge.machine';
import { choicesOf, errorKeyOf, infoOf, isEmptyValue, mergedUdidOf, phaseOf, preferredOf, warningsOf } from '../../machines/aed-merge/aed-merge.selectors';
import { StatusTag } from './parts/aed-badges';
import { langOf } from './parts/aed-format';
import { valueText } from './parts/aed-values';
import { inspected } from '../../services/inspection';

/**
 * Merge of duplicates (spec §2, §5): the AEDs side by side, the one receiving the merge, a value
 * per field where they differ, a warning when a chosen value is empty, then the merge.
 */
export function AedMergeScreen({ udids }: { udids: string[] }) {
  const { t, locale } = useIntl();
  const navigate = useNavigate();
  const actor = useActorRef(aedMergeMachine, { ...inspected, input: { udids, lang: langOf(locale) } });
  const phase = useSelector(actor, phaseOf);
  const info = useSelector(actor, infoOf);
  const choices = useSelector(actor, choicesOf);
  const preferred = useSelector(actor, preferredOf);
  const warnings = useSelector(actor, warningsOf);
  const errorKey = useSelector(actor, errorKeyOf);
  const mergedUdid = useSelector(actor, mergedUdidOf);
  const [showSame, setShowSame] = useState(false);

  // Another set of AEDs in the address (the screen stays mounted): the merge starts again with it.
  const opened = useRef(udids.join(','));
  useEffect(() => {
    const key = udids.join(',');
    if (key === opened.current) return;
    opened.current = key;
    actor.send({ type: 'merge.open', udids });
  }, [udids, actor]);

  useEffect(() => {
    if (phase === 'merged' && mergedUdid) navigate(`/aed/form/update/${mergedUdid}`);
  }, [phase, mergedUdid, navigate]);

  const fields = (info?.fields ?? []).filter((field) => showSame || !field.same);
  const differing = (info?.fields ?? []).filter((field) => !field.same).length;
  const busy = phase === 'loading' || phase === 'merging';

  return (
    <div className="aed-page aed-merge" data-testid="aed-merge" data-phase={phase}>
      <header className="aed-toolbar surface-card border-round-xl shadow-1">
        <div className="aed-toolbar__row">
          <Link to="/aed/list" className="p-button p-button-text p-button-secondary p-button-sm">
            <i className="pi pi-arrow-left mr-2" aria-hidden />
            {t('aed.merge.back')}
          </Link>
          <h2 className="m-0 text-xl font-semibold">{t('aed.merge.title', { count: udids.length })}</h2>
          <div className="aed-toolbar__spacer" />
          {info ? (
            <div className="flex align-items-center gap-2">
              <Checkbox inputId="merge-show-same" checked={showSame} onChange={(event) => setShowSame(!!event.checked)} />
              <label htmlFor="merge-show-same" className="text-sm">
                {t('aed.merge.show-same')}
              </label>
            </div>
          ) : null}
          <Button type="button" icon="pi pi-clone" label={t('aed.merge.submit')} loading={phase === 'merging'} disabled={phase !== 'choosing'} onClick={() => actor.send({ type: 'merge.submit' })} data-testid="merge-submit" />
        </div>
        <p className="m-0 text-600 text-sm">{t('aed.merge.help')}</p>
      </header>

      {phase === 'tooFew' ? <Message severity="warn" text={t('error.aed.merge-too-few')} /> : null}
      {phase === 'loadFailed' ? (
        <div className="flex align-items-center gap-3">
          <Message severity="error" text={t(errorKey ?? 'error.aed.load')} />
          <Button type="button" icon="pi pi-refresh" label={t('aed.common.retry')} text onClick={() => actor.send({ type: 'merge.retry' })} />
        </div>
      ) : null}
      {errorKey && phase === 'choosing' ? <Message severity="error" text={t(errorKey)} /> : null}

      {info ? (
        <section className="surface-card border-round-xl shadow-1 aed-merge__body" aria-busy={busy}>
          <table className="merge-table" data-testid="merge-table">
            <thead>
              <tr>
                <th scope="col" className="merge-table__field">
                  {t('aed.merge.field')}
                  <small className="block text-600 font-normal">{t('aed.merge.differing', { count: differing })}</small>
                </th>
                {info.aeds.map((aed) => (
                  <th scope="col" key={aed.udid} className={aed.udid === preferred ? 'is-preferred' : ''} data-udid={aed.udid}>
                    <div className="merge-aed">
                      <Link to={`/aed/form/update/${aed.udid}`} className="merge-aed__name" target="_blank" rel="noreferrer">
                        {aed.name}
                      </Link>
                      <StatusTag status={aed.status} />
                      <small className="text-600">{t('aed.merge.attachments', { pictures: aed.pictures, contacts: aed.contacts, reports: aed.reports })}</small>
                      <div className="flex align-items-center gap-2 mt-1">
                        <RadioButton inputId={`prefer-${aed.udid}`} name="preferred" value={aed.udid} checked={aed.udid === preferred} disabled={busy} onChange={() => actor.send({ type: 'merge.prefer', udid: aed.udid })} />
                        <label htmlFor={`prefer-${aed.udid}`} className="text-sm">
                          {t('aed.merge.receiver')}
                        </label>
                      </div>
                    </div>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {fields.map((field) => {
                const chosen = choices[field.field];
                const chosenEmpty = !field.same && isEmptyValue(field.values.find((entry) => entry.udid === chosen)?.value);
                return (
                  <tr key={field.field} className={field.same ? 'is-same' : ''} data-field={field.field}>
                    <th scope="row" className="merge-table__field">
                      {t(field.label)}
                      {chosenEmpty ? <i className="pi pi-exclamation-triangle text-orange-500 ml-2" title={t('warning.aed.merge-empty-value')} aria-label={t('warning.aed.merge-empty-value')} /> : null}
                    </th>
                    {field.values.map((entry) => {
                      const id = `choice-${field.field}-${entry.udid}`;
                      const empty = isEmptyValue(entry.value);
                      return (
                        <td key={entry.udid} className={`${chosen === entry.udid && !field.same ? 'is-chosen' : ''} ${empty ? 'is-empty' : ''}`}>
                          {field.same ? (
                            <span className="merge-value">{empty ? t('aed.merge.empty') : valueText(field.field, entry.value, t, locale)}</span>
                          ) : (
                            <label htmlFor={id} className="merge-choice">
                              <RadioButton inputId={id} name={`field-${field.field}`} value={entry.udid} checked={chosen === entry.udid} disabled={busy} onChange={() => actor.send({ type: 'merge.choose', field: field.field, udid: entry.udid })} />
                              <span className="merge-value">{empty ? t('aed.merge.empty') : valueText(field.field, entry.value, t, locale)}</span>
                            </label>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      ) : phase === 'loading' ? (
        <section className="surface-card border-round-xl shadow-1 p-5 text-600">
          <i className="pi pi-spin pi-spinner mr-2" aria-hidden />
          {t('aed.merge.loading')}
        </section>
      ) : null}

      <Dialog
        visible={phase === 'confirmingEmpty'}
        onHide={() => actor.send({ type: 'merge.cancel' })}
        header={t('aed.merge.confirm-title')}
        style={{ width: '34rem' }}
        footer={
          <div className="flex justify-content-end gap-2">
            <Button type="button" label={t('aed.merge.confirm-back')} text severity="secondary" onClick={() => actor.send({ type: 'merge.cancel' })} />
            <Button type="button" label={t('aed.merge.confirm-go')} severity="warning" icon="pi pi-check" onClick={() => actor.send({ type: 'merge.confirm' })} data-testid="merge-confirm" />
          </div>
        }
      >
        <Message severity="warn" text={t('warning.aed.merge-empty-value')} className="w-full mb-3" />
        <ul className="m-0 pl-4" data-testid="merge-warnings">
          {warnings.map((warning) => (
            <li key={warning.field}>{t(`aed.field.${warning.field}`)}</li>
          ))}
        </ul>
      </Dialog>
    </div>
  );
}
