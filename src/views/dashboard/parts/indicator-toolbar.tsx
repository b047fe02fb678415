import departements from '@etalab/decoupage-administratif/data/departements.json';
import { Dropdown } from 'primereact/dropdown';
import { useIntl } from '../../../i18n/intl-provider';
import { indicatorRangeErrorOf, indicatorRangeOf } from '../../../machines/dashboard/indicators.selectors';
import { presetOf } from '../../../machines/dashboard/presets';
import { DateRangeField } from '../../history/parts/date-range-field';
import { IndicatorsActor } from '../dashboard-actors';

/** The areas an indicator may be asked about: everything, a country, or a French département. */
export function useAreaOptions() {
  const { t } = useIntl();
  return [
    { value: 'FR', label: t('indicator.area.FR') },
    { value: 'LU', label: t('indicator.area.LU') },
    ...(departements as { code: string; nom: string }[]).map((row) => ({ value: row.code, label: `${row.code} — ${row.nom}` })),
  ];
}

/** Area and period of the indicators (the period only for those that read one). */
export function IndicatorToolbar({ withPeriod }: { withPeriod: boolean }) {
  const { t } = useIntl();
  const indicators = IndicatorsActor.useActorRef();
  const area = IndicatorsActor.useSelector((snapshot) => snapshot.context.area);
  const range = IndicatorsActor.useSelector(indicatorRangeOf);
  const rangeError = IndicatorsActor.useSelector(indicatorRangeErrorOf);
  const areas = useAreaOptions();
  return (
    <div className="dash-toolbar__group">
      <div className="dash-toolbar__field">
        <label htmlFor="indicator-area">{t('indicator.area')}</label>
        <Dropdown inputId="indicator-area" value={area || null} options={areas} filter showClear placeholder={t('indicator.area.all')} onChange={(event) => indicators.send({ type: 'area.choose', area: (event.value as string | undefined) ?? '' })} />
      </div>
      {withPeriod ? (
        <div className="dash-toolbar__field dash-toolbar__field--range">
          <label htmlFor="indicator-range">{t('indicator.period')}</label>
          <DateRangeField
            id="indicator-range"
            startDate={range.startDate}
            endDate={range.endDate}
            errorKey={rangeError}
            defaultRange={{ startDate: '', endDate: '', label: t('indicator.period.default') }}
            onChange={(next) => {
              // A preset picked is asked as that preset; two days as a range.
              const preset = presetOf(next);
              indicators.send(preset ? { type: 'range.preset', preset } : { type: 'range.custom', startDate: next.startDate, endDate: next.endDate });
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

/** Says, to screen readers, that indicators are being loaded (each card shows its own veil). */
export function IndicatorsBusy() {
  const { t } = useIntl();
  const loading = IndicatorsActor.useSelector((snapshot) => snapshot.matches('loading'));
  return loading ? (
    <span className="sr-only" role="status" data-testid="indicators-loading">
      {t('indicator.loading')}
    </span>
  ) : null;
}
