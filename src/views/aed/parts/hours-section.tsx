import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useIntl } from '../../../i18n/intl-provider';
import { fieldErrorsOf, isDeleted, valueOf } from '../../../machines/aed-form/aed-form.selectors';
import { AedFormActor } from '../aed-form-actor';
import { SwitchField, useAedField } from './form-fields';

type Range = { open: string; close: string };
type Hours = Record<string, Range[]>;

const weekdays = ['1', '2', '3', '4', '5', '6', '7'] as const;
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Drops closed days, so an emptied day is simply closed. */
function tidy(hours: Hours): Hours {
  return Object.fromEntries(Object.entries(hours).filter(([, ranges]) => ranges.length > 0));
}

/**
 * Access and opening hours (spec §3, §5): 24/7, itinerant, and up to six opening ranges per
 * weekday, each "HH:mm" to "HH:mm". The form machine checks them with the server's rules
 * (valid times, opening before closing, no overlap) and shows the error on the range.
 */
export function HoursSection() {
  const { t } = useIntl();
  const { value, change, edited } = useAedField('openingHours');
  const alwaysOpened = AedFormActor.useSelector((snapshot) => valueOf(snapshot, 'alwaysOpened') === true);
  const errors = AedFormActor.useSelector(fieldErrorsOf, sameJson);
  const readOnly = AedFormActor.useSelector(isDeleted);
  const hours = (value ?? {}) as Hours;
  const set = (next: Hours) => change(tidy(next));
  const setRange = (day: string, index: number, part: keyof Range, text: string) => {
    const ranges = [...(hours[day] ?? [])];
    ranges[index] = { ...ranges[index]!, [part]: text.trim() };
    set({ ...hours, [day]: ranges });
  };
  const addRange = (day: string) => {
    const ranges = hours[day] ?? [];
    const last = ranges.at(-1);
    set({ ...hours, [day]: [...ranges, last ? { open: last.close, close: last.close < '18:00' ? '18:00' : '23:59' } : { open: '08:00', close: '18:00' }] });
  };
  const removeRange = (day: string, index: number) => set({ ...hours, [day]: (hours[day] ?? []).filter((_, position) => position !== index) });
  const copyMonday = () => set(Object.fromEntries(['1', '2', '3', '4', '5'].map((day) => [day, hours['1'] ?? []]).concat(['6', '7'].map((day) => [day, hours[day] ?? []]))));
  const disabled = readOnly || alwaysOpened;

  return (
    <div className="aed-section-grid" data-testid="section-hours">
      <div className="aed-card">
        <h3 className="aed-card__title">{t('aed.form.section.access')}</h3>
        <div className="flex flex-column gap-3">
          <SwitchField field="alwaysOpened" label={t('aed.form.always-opened')} hint={t('aed.form.always-opened-hint')} />
          <SwitchField field="itinerant" hint={t('aed.form.itinerant-hint')} />
        </div>
      </div>
      <div className={`aed-card aed-hours ${edited ? 'is-edited' : ''} ${alwaysOpened ? 'is-disabled' : ''}`} data-field="openingHours">
        <div className="flex align-items-center justify-content-between gap-2">
          <h3 className="aed-card__title m-0">{t('aed.form.section.hours')}</h3>
          <Button type="button" icon="pi pi-copy" label={t('aed.hours.copy-monday')} size="small" text disabled={disabled || !hours['1']?.length} onClick={copyMonday} />
        </div>
        {alwaysOpened ? <p className="text-600 mt-2 mb-0">{t('aed.hours.always-opened')}</p> : null}
        <table className="hours-table">
          <tbody>
            {weekdays.map((day) => {
              const ranges = hours[day] ?? [];
              const dayError = errors[`openingHours.${day}`];
              return (
                <tr key={day} data-weekday={day}>
                  <th scope="row">{t(`aed.weekday.${day}`)}</th>
                  <td>
                    <div className="hours-ranges">
                      {ranges.length === 0 ? <span className="hours-closed">{t('aed.hours.closed')}</span> : null}
                      {ranges.map((range, index) => {
                        const error = errors[`openingHours.${day}.${index}`];
                        return (
                          <div key={index} className={`hours-range ${error ? 'is-invalid' : ''}`}>
                            <InputText value={range.open} onChange={(event) => setRange(day, index, 'open', event.target.value)} aria-label={t('aed.hours.open', { day: t(`aed.weekday.${day}`), index: index + 1 })} placeholder="08:00" maxLength={5} disabled={disabled} invalid={!!error} className="hours-input" data-testid={`hours-${day}-${index}-open`} />
                            <span aria-hidden>–</span>
                            <InputText value={range.close} onChange={(event) => setRange(day, index, 'close', event.target.value)} aria-label={t('aed.hours.close', { day: t(`aed.weekday.${day}`), index: index + 1 })} placeholder="18:00" maxLength={5} disabled={disabled} invalid={!!error} className="hours-input" data-testid={`hours-${day}-${index}-close`} />
                            <Button type="button" icon="pi pi-times" rounded text size="small" severity="secondary" aria-label={t('aed.hours.remove')} disabled={disabled} onClick={() => removeRange(day, index)} />
                            {error ? (
                              <small className="p-error hours-error" role="alert">
                                {t(error)}
                              </small>
                            ) : null}
                          </div>
                        );
                      })}
                      <Button type="button" icon="pi pi-plus" rounded text size="small" aria-label={t('aed.hours.add', { day: t(`aed.weekday.${day}`) })} disabled={disabled || ranges.length >= 6} onClick={() => addRange(day)} data-testid={`hours-${day}-add`} />
                    </div>
                    {dayError ? (
                      <small className="p-error" role="alert">
                        {t(dayError)}
                      </small>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <small className="text-600">{t('aed.hours.help')}</small>
      </div>
    </div>
  );
}
