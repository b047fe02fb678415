import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useState } from 'react';
import { useIntl } from '../../../i18n/intl-provider';
import { canSaveDetails, detailsOf, isSavingDetails } from '../../../machines/alert/alert.selectors';
import { AlertActor } from '../alert-actor';

/**
 * What the dispatcher typed about the place (floor, door code, what the caller said), on the live
 * and closed screens: shown as saved, editable until the close.
 */
export function DetailsSection({ readOnly = false }: { readOnly?: boolean }) {
  const { t } = useIntl();
  const alert = AlertActor.useActorRef();
  const details = AlertActor.useSelector(detailsOf);
  const mayEdit = AlertActor.useSelector(canSaveDetails) && !readOnly;
  const saving = AlertActor.useSelector(isSavingDetails);
  const [draft, setDraft] = useState<string | null>(null);
  // The intervention closed while editing: nothing left to save.
  useEffect(() => {
    if (readOnly) setDraft(null);
  }, [readOnly]);
  const editing = draft !== null;

  const save = () => {
    if (draft === null) return;
    if (draft !== details) alert.send({ type: 'details.save', addressInfo: draft });
    setDraft(null);
  };

  return (
    <section className="alert-section alert-details" aria-labelledby="alert-details-title" data-testid="alert-details">
      <h2 id="alert-details-title" className="alert-section__title">
        <i className="pi pi-pencil" aria-hidden /> {t('alert.details.label')}
        {!editing && !readOnly ? (
          <Button type="button" icon="pi pi-pencil" text size="small" className="alert-details__edit" label={t('alert.details.edit')} disabled={!mayEdit} loading={saving} data-testid="edit-details" onClick={() => setDraft(details)} />
        ) : null}
      </h2>
      {editing ? (
        <>
          <InputTextarea
            id="alert-details-input"
            aria-labelledby="alert-details-title"
            value={draft}
            rows={2}
            autoResize
            maxLength={2000}
            className="w-full"
            placeholder={t('alert.details.placeholder')}
            autoFocus
            data-testid="alert-details-input"
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setDraft(null);
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) save();
            }}
          />
          <div className="alert-details__actions">
            <Button type="button" label={t('alert.details.cancel')} text severity="secondary" size="small" onClick={() => setDraft(null)} />
            <Button type="button" icon="pi pi-check" label={t('alert.details.save')} size="small" disabled={!mayEdit} data-testid="save-details" onClick={save} />
          </div>
        </>
      ) : (
        <p className={`alert-details__text ${details ? '' : 'is-empty'}`} data-testid="alert-details-text">
          {details || t('alert.details.none')}
        </p>
      )}
    </section>
  );
}
