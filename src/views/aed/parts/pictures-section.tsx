import { Button } from 'primereact/button';
import { confirmPopup } from 'primereact/confirmpopup';
import { useRef, useState, type DragEvent } from 'react';
import type { AedPicture } from '../../../../contract/aed.schemas';
import { useIntl } from '../../../i18n/intl-provider';
import { aedOf, isDeleted, runningActionOf } from '../../../machines/aed-form/aed-form.selectors';
import { AedFormActor } from '../aed-form-actor';
import { formatDay } from './aed-format';
import { usePictureUrl } from './use-picture-url';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function PictureCard({ picture, readOnly }: { picture: AedPicture; readOnly: boolean }) {
  const { t, locale } = useIntl();
  const form = AedFormActor.useActorRef();
  const { url, failed } = usePictureUrl(picture);
  const running = AedFormActor.useSelector(runningActionOf, sameJson);
  const busy = (running?.kind === 'pictureRotate' && running.filename === picture.filename) || (running?.kind === 'pictureDelete' && running.id === picture.id);
  const idle = AedFormActor.useSelector((snapshot) => snapshot.matches({ editing: 'idle' }));
  return (
    <figure className="picture-card" data-testid="picture" data-rotation={picture.rotation} data-picture={picture.id}>
      <div className="picture-card__frame">
        {url ? <img src={url} alt={t('aed.pictures.alt', { date: formatDay(picture.createdAt, locale) })} /> : <i className={`pi ${failed ? 'pi-image' : 'pi-spin pi-spinner'} text-400 text-3xl`} aria-hidden />}
        {busy ? <div className="picture-card__busy"><i className="pi pi-spin pi-spinner" aria-hidden /></div> : null}
      </div>
      <figcaption>
        <span className="text-sm text-600">
          {formatDay(picture.createdAt, locale)} · {Math.max(1, Math.round(picture.size / 1024))} kB
        </span>
        <span className="picture-card__actions">
          <Button type="button" icon="pi pi-replay" rounded text size="small" aria-label={t('aed.pictures.rotate-left')} tooltip={t('aed.pictures.rotate-left')} disabled={readOnly || !idle} onClick={() => form.send({ type: 'picture.rotate', filename: picture.filename, degrees: -90 })} />
          <Button type="button" icon="pi pi-refresh" rounded text size="small" aria-label={t('aed.pictures.rotate-right')} tooltip={t('aed.pictures.rotate-right')} disabled={readOnly || !idle} onClick={() => form.send({ type: 'picture.rotate', filename: picture.filename, degrees: 90 })} data-testid="picture-rotate" />
          <Button
            type="button"
            icon="pi pi-trash"
            rounded
            text
            size="small"
            severity="danger"
            aria-label={t('aed.pictures.delete')}
            disabled={readOnly || !idle}
            onClick={(event) =>
              confirmPopup({ target: event.currentTarget, message: t('aed.pictures.delete-confirm'), icon: 'pi pi-trash', acceptClassName: 'p-button-danger', acceptLabel: t('aed.pictures.delete'), rejectLabel: t('aed.common.cancel'), accept: () => form.send({ type: 'picture.delete', id: picture.id }) })
            }
          />
        </span>
      </figcaption>
    </figure>
  );
}

/** Pictures (spec §5): images of 5 MB at most, checked here and by the server (by content); rotate, delete. */
export function PicturesSection() {
  const { t } = useIntl();
  const form = AedFormActor.useActorRef();
  const pictures = AedFormActor.useSelector((snapshot) => aedOf(snapshot)?.pictures ?? [], sameJson);
  const readOnly = AedFormActor.useSelector(isDeleted);
  const uploading = AedFormActor.useSelector((snapshot) => runningActionOf(snapshot)?.kind === 'pictureAdd');
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const send = (files: FileList | null) => {
    if (files?.length) form.send({ type: 'picture.add', files: [...files] });
    if (input.current) input.current.value = '';
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!readOnly) send(event.dataTransfer.files);
  };
  return (
    <div className="aed-card" data-testid="section-pictures">
      <div className="flex align-items-center justify-content-between gap-2 flex-wrap">
        <h3 className="aed-card__title m-0">{t('aed.form.section.pictures')}</h3>
        <span className="text-sm text-600">{t('aed.pictures.rules')}</span>
      </div>
      <div className={`picture-drop ${dragging ? 'is-dragging' : ''}`} onDragOver={(event) => (event.preventDefault(), setDragging(true))} onDragLeave={() => setDragging(false)} onDrop={onDrop}>
        <i className="pi pi-images text-2xl text-500" aria-hidden />
        <span>{t('aed.pictures.drop')}</span>
        <input ref={input} type="file" accept="image/*" multiple hidden onChange={(event) => send(event.target.files)} data-testid="picture-input" />
        <Button type="button" icon="pi pi-upload" label={t('aed.pictures.add')} loading={uploading} disabled={readOnly} onClick={() => input.current?.click()} />
      </div>
      {pictures.length ? (
        <div className="picture-grid">
          {pictures.map((picture) => (
            <PictureCard key={picture.id} picture={picture} readOnly={readOnly} />
          ))}
        </div>
      ) : (
        <p className="text-600">{t('aed.pictures.none')}</p>
      )}
    </div>
  );
}
