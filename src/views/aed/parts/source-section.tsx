import { Button } from 'primereact/button';
import { Link } from 'react-router-dom';
import { can } from '../../../../contract/access';
import { useIntl } from '../../../i18n/intl-provider';
import { aedOf, duplicatesOf, isDeleted, optionsOf } from '../../../machines/aed-form/aed-form.selectors';
import { SessionActor } from '../../app/actor-contexts';
import { AedFormActor } from '../aed-form-actor';
import { formatDay } from './aed-format';
import { ChoiceField, TextField } from './form-fields';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Source, GeoDAE link and potential duplicates (spec §1: merge duplicates, link to the external GeoDAE register). */
export function SourceSection() {
  const { t, locale } = useIntl();
  const form = AedFormActor.useActorRef();
  const aed = AedFormActor.useSelector(aedOf, sameJson)!;
  const duplicates = AedFormActor.useSelector(duplicatesOf, sameJson);
  const options = AedFormActor.useSelector(optionsOf, sameJson);
  const readOnly = AedFormActor.useSelector(isDeleted);
  const mayMerge = SessionActor.useSelector((snapshot) => can(snapshot.context.user?.idGroup ?? 0, 'aed.merge'));
  const sources = options?.sources?.map((option) => ({ value: String(option.value), label: option.label })) ?? ['manual', 'import', 'geodae', 'publicApp'].map((value) => ({ value, label: t(`aed.filter.value.source.${value}`) }));
  return (
    <div className="aed-section-grid" data-testid="section-source">
      <div className="aed-card">
        <h3 className="aed-card__title">{t('aed.form.section.source')}</h3>
        <div className="formgrid grid">
          <ChoiceField field="source" className="col-12 md:col-6" options={sources} showClear={false} />
          <TextField field="externalSourceId" className="col-12 md:col-6" />
          <TextField field="sourceInfo" className="col-12" multiline maxLength={2000} />
        </div>
        <dl className="aed-facts">
          <dt>{t('aed.field.isLinked')}</dt>
          <dd>{aed.isLinked ? `${t('aed.common.yes')} · ${aed.idGeocoeur ?? ''} ${aed.linkedGeoDae ? `(${aed.linkedGeoDae})` : ''}` : t('aed.common.no')}</dd>
          <dt>{t('aed.list.created')}</dt>
          <dd>{formatDay(aed.createdAt, locale)}</dd>
          <dt>{t('aed.list.updated')}</dt>
          <dd>{formatDay(aed.updatedAt, locale)}</dd>
          <dt>{t('aed.form.udid')}</dt>
          <dd className="text-sm font-mono">{aed.udid}</dd>
        </dl>
      </div>
      <div className="aed-card" data-testid="duplicates">
        <h3 className="aed-card__title">{t('aed.form.section.duplicates')}</h3>
        {duplicates.length ? (
          <ul className="duplicate-list">
            {duplicates.map((duplicate) => (
              <li key={duplicate.udid} className="duplicate" data-udid={duplicate.udid}>
                <div>
                  <Link to={`/aed/form/update/${duplicate.udid}`} className="font-semibold">
                    {duplicate.name}
                  </Link>
                  <div className="text-sm text-600">
                    {[duplicate.address, duplicate.city].filter(Boolean).join(', ')} · {t('aed.duplicates.distance', { metres: Math.round(duplicate.distance) })} · {t('aed.duplicates.similarity', { percent: Math.round(duplicate.similarity * 100) })}
                    {duplicate.accountKind === 'external' ? ' · GeoDAE' : ''}
                  </div>
                </div>
                <div className="flex gap-2">
                  {mayMerge && duplicate.accountKind === 'external' && !aed.isLinked && !duplicate.isLinked ? (
                    <Button type="button" icon="pi pi-link" label={t('aed.duplicates.link')} size="small" text disabled={readOnly} onClick={() => form.send({ type: 'geodae.link', geoDaeUdid: duplicate.udid })} />
                  ) : null}
                  {mayMerge && duplicate.accountKind !== 'external' ? (
                    <Link to={`/aed/list?merge=${aed.udid},${duplicate.udid}`} className="p-button p-button-sm p-button-outlined" data-testid="duplicate-merge">
                      <i className="pi pi-clone mr-2" aria-hidden />
                      {t('aed.duplicates.merge')}
                    </Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-600">{t('aed.duplicates.none')}</p>
        )}
      </div>
    </div>
  );
}
