import { Button } from 'primereact/button';
import { Chip } from 'primereact/chip';
import type { FilterEntry } from '../../../machines/aed-list/aed-list.types';
import { useIntl } from '../../../i18n/intl-provider';
import { filterOf } from '../../../machines/aed-list/aed-list.selectors';
import { AedListActor } from '../aed-list-actor';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The words of a filter value: option labels where the value is a code. */
function valueText(entry: FilterEntry, t: (key: string, values?: Record<string, string | number>) => string, has: (key: string) => boolean): string {
  const one = (value: unknown) => {
    const key = `aed.filter.value.${entry.tag}.${String(value)}`;
    if (has(key)) return t(key);
    if (typeof value === 'boolean') return t(value ? 'aed.common.yes' : 'aed.common.no');
    return String(value);
  };
  return Array.isArray(entry.value) ? entry.value.map(one).join(', ') : one(entry.value);
}

/** The filters in force, in the list's order (ALL, TAG, ADVANCED by tag), each removable. */
export function FilterChips() {
  const { t, has } = useIntl();
  const list = AedListActor.useActorRef();
  const filter = AedListActor.useSelector(filterOf, sameJson);
  if (!filter.length) return null;
  return (
    <div className="filter-chips" data-testid="filter-chips" aria-label={t('aed.filter.active')}>
      {filter.map((entry) => {
        const field = entry.type === 'ALL' ? t('aed.filter.all') : t(entry.type === 'TAG' ? `aed.field.${entry.tag}` : `aed.advanced.${entry.tag}`);
        const label = entry.tag === 'unlink.geodae' ? t('aed.advanced.unlink.geodae') : `${field}: ${valueText(entry, t, has)}`;
        return (
          <Chip
            key={`${entry.type}-${entry.tag}`}
            label={label}
            removable
            className={`filter-chip is-${entry.type.toLowerCase()}`}
            data-filter={`${entry.type}:${entry.tag}`}
            onRemove={() => {
              list.send({ type: 'filter.remove', entry: { type: entry.type, tag: entry.tag } });
              return true;
            }}
          />
        );
      })}
      <Button type="button" label={t('aed.filter.clear')} link size="small" onClick={() => list.send({ type: 'filter.clear' })} />
    </div>
  );
}
