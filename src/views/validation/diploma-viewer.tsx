import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useIntl } from '../../i18n/intl-provider';
import { canAsk, diplomaOf } from '../../machines/responder-validation/responder-validation.selectors';
import { ValidationActor } from './validation-actor';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The diploma of one responder (image or PDF from a blob URL), with validate and refuse at hand. */
export function DiplomaViewer() {
  const { t } = useIntl();
  const validation = ValidationActor.useActorRef();
  const diploma = ValidationActor.useSelector(diplomaOf, sameJson);
  const mayAsk = ValidationActor.useSelector(canAsk);
  const close = () => validation.send({ type: 'diploma.close' });
  const name = diploma.responder ? `${diploma.responder.firstName} ${diploma.responder.lastName}` : '';
  const ask = (status: 'activated' | 'refused') => diploma.id !== null && validation.send({ type: 'validation.ask', request: { status, ids: [diploma.id] } });
  const footer = (
    <div className="flex justify-content-end gap-2">
      <Button type="button" icon="pi pi-times" label={t('validation.refuse.action')} severity="danger" outlined disabled={!mayAsk || diploma.id === null} onClick={() => ask('refused')} />
      <Button type="button" icon="pi pi-check" label={t('validation.activate.action')} disabled={!mayAsk || diploma.id === null} data-testid="diploma-validate" onClick={() => ask('activated')} />
    </div>
  );
  return (
    <Dialog
      visible={diploma.state !== 'closed'}
      onHide={close}
      header={t('validation.diploma.title', { name })}
      footer={footer}
      style={{ width: 'min(52rem, 92vw)' }}
      dismissableMask
      data-testid="diploma-viewer"
    >
      <div className="diploma-frame" data-state={diploma.state}>
        {diploma.state === 'loading' ? <ProgressSpinner aria-label={t('validation.diploma.loading')} /> : null}
        {diploma.state === 'failed' ? (
          <p className="p-error flex align-items-center gap-2" data-testid="diploma-failed">
            <i className="pi pi-image" aria-hidden /> {t('error.responder-validation.image')}
          </p>
        ) : null}
        {diploma.state === 'showing' && diploma.file ? (
          diploma.file.type === 'application/pdf' ? (
            <object data={diploma.file.url} type="application/pdf" className="diploma-frame__pdf" aria-label={t('validation.diploma.title', { name })}>
              <a href={diploma.file.url} target="_blank" rel="noreferrer">
                {t('validation.diploma.open-pdf')}
              </a>
            </object>
          ) : (
            <img src={diploma.file.url} alt={t('validation.diploma.title', { name })} className="diploma-frame__image" data-testid="diploma-image" />
          )
        ) : null}
      </div>
      {diploma.responder ? (
        <p className="notif-side__note mt-3 mb-0">
          {diploma.responder.trainedStatusLabel} · {diploma.responder.email} · {diploma.responder.phone}
        </p>
      ) : null}
    </Dialog>
  );
}
