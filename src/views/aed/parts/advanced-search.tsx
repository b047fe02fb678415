import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { Sidebar } from 'primereact/sidebar';
import { useState, type ReactNode } from 'react';
import { aedBrands } from '../../../../contract/aed-options';
import { DayField } from '../../../components/date-field';
import { useIntl } from '../../../i18n/intl-provider';
import { filterOf } from '../../../machines/aed-list/aed-list.selectors';
import type { FilterEntry } from '../../../machines/aed-list/aed-list.types';
import { AedListActor } from '../aed-list-actor';

type Draft = Record<string, FilterEntry['value']>;

const booleanTags = ['certified', 'validated', 'alwaysOpened', 'positionToCheck', 'itinerant', 'hasChildPads', 'isLinked', 'hasReports', 'geoDaeReady'] as const;
const statuses = ['available', 'inMaintenance', 'unavailable', 'deleted'];
const bands = ['never', 'under3Months', 'under6Months', 'under1Year', 'over1Year'];
const vigilanceValues = ['alert', 'expired', 'soon', 'battery', 'pads', 'childPads'];
const sources = ['manual', 'import', 'geodae', 'publicApp'];
/** Every tag this form edits: applying sends each one, an empty one clearing its slot. */
const editedTags = ['status', 'vigilance', 'confirmation', ...booleanTags, 'unlink.geodae', 'brand', 'model', 'source', 'accessibility', 'position', 'country', 'city', 'zipCode', 'createdFrom', 'createdTo'];

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function draftOf(filter: FilterEntry[]): Draft {
  return Object.fromEntries(filter.filter((entry) => entry.type === 'ADVANCED').map((entry) => [entry.tag, entry.value]));
}


/**
 * Advanced search (spec §2): availability, vigilance, confirmation age, flags, GeoDAE link, device,
 * source, access, place and creation dates. Each field is an ADVANCED filter entry; applying
 * replaces those entries by tag, an emptied field removes its entry.
 */
export function AdvancedSearch() {
  const { t } = useIntl();
  const list = AedListActor.useActorRef();
  const filter = AedListActor.useSelector(filterOf, sameJson);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>({});
  const count = filter.filter((entry) => entry.type === 'ADVANCED').length;
  const set = (tag: string, value: FilterEntry['value']) => setDraft((current) => ({ ...current, [tag]: value }));
  const option = (tag: string, value: string | number) => ({ value, label: t(`aed.filter.value.${tag}.${value}`) });
  const triState = (tag: string) => [
    { value: null, label: t('aed.advanced.any') },
    { value: true, label: t('aed.common.yes') },
    { value: false, label: t('aed.common.no') },
  ].map((entry) => ({ ...entry, key: `${tag}-${String(entry.value)}` }));
  const brand = typeof draft.brand === 'string' ? draft.brand : '';
  const models = (brand ? (aedBrands[brand] ?? []) : Object.values(aedBrands).flat()).map((model) => ({ value: model, label: model }));

  const apply = () => {
    const entries: FilterEntry[] = editedTags.map((tag) => ({ type: 'ADVANCED', tag, value: tag === 'unlink.geodae' ? (draft[tag] ? true : null) : (draft[tag] ?? null) }));
    list.send({ type: 'filter.add', entries });
    setOpen(false);
  };
  const field = (id: string, children: ReactNode) => (
    <div className="field">
      <label htmlFor={`adv-${id}`} className="text-sm font-medium text-700">
        {t(`aed.advanced.${id}`)}
      </label>
      {children}
    </div>
  );

  return (
    <>
      <Button
        type="button"
        icon="pi pi-sliders-h"
        label={t('aed.advanced.open')}
        outlined
        badge={count ? String(count) : undefined}
        badgeClassName="p-badge-success"
        data-testid="advanced-search-open"
        onClick={() => {
          setDraft(draftOf(filter));
          setOpen(true);
        }}
      />
      <Sidebar visible={open} position="right" onHide={() => setOpen(false)} className="advanced-search" header={<h2 className="m-0 text-xl">{t('aed.advanced.title')}</h2>} blockScroll>
        <form
          className="advanced-search__form"
          data-testid="advanced-search"
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <fieldset>
            <legend>{t('aed.advanced.section.state')}</legend>
            {field(
              'status',
              <MultiSelect inputId="adv-status" value={(draft.status as string[] | undefined) ?? []} options={statuses.map((value) => option('status', value))} onChange={(event) => set('status', event.value)} display="chip" className="w-full" placeholder={t('aed.advanced.any')} />,
            )}
            {field('vigilance', <Dropdown inputId="adv-vigilance" value={draft.vigilance ?? null} options={vigilanceValues.map((value) => option('vigilance', value))} onChange={(event) => set('vigilance', event.value)} showClear className="w-full" placeholder={t('aed.advanced.any')} />)}
            {field(
              'confirmation',
              <MultiSelect inputId="adv-confirmation" value={(draft.confirmation as string[] | undefined) ?? []} options={bands.map((value) => option('confirmation', value))} onChange={(event) => set('confirmation', event.value)} display="chip" className="w-full" placeholder={t('aed.advanced.any')} />,
            )}
            <div className="advanced-search__flags">
              {booleanTags.map((tag) => (
                <div className="field" key={tag}>
                  <label htmlFor={`adv-${tag}`} className="text-sm font-medium text-700">
                    {t(`aed.advanced.${tag}`)}
                  </label>
                  <Dropdown inputId={`adv-${tag}`} value={draft[tag] ?? null} options={triState(tag)} optionValue="value" optionLabel="label" dataKey="key" onChange={(event) => set(tag, event.value)} className="w-full" placeholder={t('aed.advanced.any')} />
                </div>
              ))}
            </div>
            <div className="flex align-items-center gap-2 mt-2">
              <Checkbox inputId="adv-unlink" checked={!!draft['unlink.geodae']} onChange={(event) => set('unlink.geodae', event.checked ? true : null)} />
              <label htmlFor="adv-unlink">{t('aed.advanced.unlink.geodae')}</label>
            </div>
          </fieldset>
          <fieldset>
            <legend>{t('aed.advanced.section.device')}</legend>
            {field(
              'brand',
              <Dropdown inputId="adv-brand" value={draft.brand ?? null} options={Object.keys(aedBrands).map((value) => ({ value, label: value }))} onChange={(event) => setDraft((current) => ({ ...current, brand: event.value, model: null }))} showClear filter className="w-full" placeholder={t('aed.advanced.any')} />,
            )}
            {field('model', <Dropdown inputId="adv-model" value={draft.model ?? null} options={models} onChange={(event) => set('model', event.value)} showClear filter className="w-full" placeholder={t('aed.advanced.any')} />)}
            {field('source', <Dropdown inputId="adv-source" value={draft.source ?? null} options={sources.map((value) => option('source', value))} onChange={(event) => set('source', event.value)} showClear className="w-full" placeholder={t('aed.advanced.any')} />)}
          </fieldset>
          <fieldset>
            <legend>{t('aed.advanced.section.place')}</legend>
            <div className="grid formgrid">
              <div className="col-6">
                {field('accessibility', <Dropdown inputId="adv-accessibility" value={draft.accessibility ?? null} options={[1, 2].map((value) => option('accessibility', value))} onChange={(event) => set('accessibility', event.value)} showClear className="w-full" placeholder={t('aed.advanced.any')} />)}
              </div>
              <div className="col-6">
                {field('position', <Dropdown inputId="adv-position" value={draft.position ?? null} options={[1, 2].map((value) => option('position', value))} onChange={(event) => set('position', event.value)} showClear className="w-full" placeholder={t('aed.advanced.any')} />)}
              </div>
              <div className="col-6">{field('city', <InputText id="adv-city" value={String(draft.city ?? '')} onChange={(event) => set('city', event.target.value)} className="w-full" />)}</div>
              <div className="col-3">{field('zipCode', <InputText id="adv-zipCode" value={String(draft.zipCode ?? '')} onChange={(event) => set('zipCode', event.target.value)} className="w-full" />)}</div>
              <div className="col-3">
                {field('country', <InputText id="adv-country" value={String(draft.country ?? '')} maxLength={2} onChange={(event) => set('country', event.target.value.toUpperCase())} className="w-full" />)}
              </div>
              <div className="col-6">
                {field('createdFrom', <DayField inputId="adv-createdFrom" value={typeof draft.createdFrom === 'string' && draft.createdFrom ? draft.createdFrom : null} onChange={(day) => set('createdFrom', day)} showIcon showButtonBar className="w-full" />)}
              </div>
              <div className="col-6">
                {field('createdTo', <DayField inputId="adv-createdTo" value={typeof draft.createdTo === 'string' && draft.createdTo ? draft.createdTo : null} onChange={(day) => set('createdTo', day)} showIcon showButtonBar className="w-full" />)}
              </div>
            </div>
          </fieldset>
          <div className="advanced-search__actions">
            <Button type="button" label={t('aed.advanced.reset')} severity="secondary" text onClick={() => setDraft({})} />
            <Button type="submit" icon="pi pi-check" label={t('aed.advanced.apply')} data-testid="advanced-search-apply" />
          </div>
        </form>
      </Sidebar>
    </>
  );
}
