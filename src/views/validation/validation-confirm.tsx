import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useState } from 'react';
import { refusalReasons, type RefusalReason } from '../../../contract/validation.schemas';
import { useIntl } from '../../i18n/intl-provider';
import { countOf, phaseOf, requestOf, respondersOf } from '../../machines/responder-validation/responder-validation.selectors';
import { ValidationActor } from './validation-actor';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The confirmation every validate or refuse goes through: whom, and what; a refusal asks why (the responder is told by mail and push). */
export function ValidationConfirm() {
  const { t } = useIntl();
  const validation = ValidationActor.useActorRef();
  const phase = ValidationActor.useSelector(phaseOf);
  const request = ValidationActor.useSelector(requestOf, sameJson);
  const responders = ValidationActor.useSelector(respondersOf, sameJson);
  const count = ValidationActor.useSelector(countOf);
  const [reason, setReason] = useState<RefusalReason | null>(null);
  const [note, setNote] = useState('');
  const refusal = reason ? { reason, note } : undefined;
  const mayConfirm = ValidationActor.useSelector((snapshot) => snapshot.can({ type: 'validation.confirm', refusal }));
  // Each request starts with no reason chosen.
  useEffect(() => {
    setReason(null);
    setNote('');
  }, [request]);
  if (!request) return null;
  const one = request.ids?.length === 1 ? responders.find((responder) => responder.id === request.ids![0]) : undefined;
  const whom = request.all ? t('validation.confirm.all', { count }) : one ? `${one.firstName} ${one.lastName}` : t('validation.confirm.some', { count: request.ids?.length ?? 0 });
  const refusing = request.status === 'refused';
  const footer = (
    <div className="flex justify-content-end gap-2">
      <Button type="button" label={t('notification.common.cancel')} text severity="secondary" disabled={phase === 'patching'} onClick={() => validation.send({ type: 'validation.cancel' })} />
      <Button
        type="button"
        icon={refusing ? 'pi pi-times' : 'pi pi-check'}
        label={t(refusing ? 'validation.refuse.action' : 'validation.activate.action')}
        severity={refusing ? 'danger' : undefined}
        loading={phase === 'patching'}
        disabled={!mayConfirm && phase !== 'patching'}
        data-testid="validation-confirm"
        onClick={() => validation.send({ type: 'validation.confirm', refusal })}
      />
    </div>
  );
  return (
    <Dialog
      visible={phase === 'confirming' || phase === 'patching'}
      onHide={() => phase === 'confirming' && validation.send({ type: 'validation.cancel' })}
      header={t(refusing ? 'validation.confirm.refuse-title' : 'validation.confirm.activate-title')}
      footer={footer}
      style={{ width: 'min(30rem, 92vw)' }}
      data-testid="validation-dialog"
    >
      <p className="m-0 flex align-items-start gap-3">
        <i className={`pi ${refusing ? 'pi-user-minus text-red-600' : 'pi-user-plus text-green-700'} text-2xl`} aria-hidden />
        <span>{t(refusing ? 'validation.confirm.refuse' : 'validation.confirm.activate', { whom })}</span>
      </p>
      {refusing ? (
        <div className="flex flex-column gap-1 mt-3">
          <fieldset className="border-none p-0 m-0" data-testid="refusal-reason">
            <legend className="font-semibold mb-2">{t('validation.refusal.reason-label')}</legend>
            {refusalReasons.map((value) => (
              <div key={value} className="flex align-items-center gap-2 mb-1">
                <RadioButton inputId={`refusal-${value}`} name="refusal-reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
                <label htmlFor={`refusal-${value}`}>{t(`validation.refusal.choice.${value}`)}</label>
              </div>
            ))}
          </fieldset>
          <label htmlFor="refusal-note" className="font-semibold">
            {t('validation.refusal.note-label')}
          </label>
          <InputTextarea id="refusal-note" value={note} rows={2} maxLength={500} autoResize className="w-full" placeholder={t('validation.refusal.note-placeholder')} invalid={reason === 'other' && !note.trim()} onChange={(event) => setNote(event.target.value)} />
        </div>
      ) : null}
    </Dialog>
  );
}
