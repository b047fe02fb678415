import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useCallback } from 'react';
import { PinMarker } from '../../../components/map/markers';
import { PasteCoordinatesButton } from '../../../components/map/paste-coordinates-button';
import { MapFocus, VigilMap } from '../../../components/map/vigil-map';
import type { Coordinates } from '../../../components/map/coordinates';
import { useIntl } from '../../../i18n/intl-provider';
import { basemapOf } from '../../../machines/extra-infos/extra-infos.selectors';
import { countriesOf, geoResultsOf, isDeleted, isGeocoding, needsPinMoveOf, optionsOf, valueOf } from '../../../machines/aed-form/aed-form.selectors';
import { ExtraInfosActor } from '../../app/actor-contexts';
import { AedFormActor } from '../aed-form-actor';
import { ChoiceField, NumberField, TextField } from './form-fields';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Identity and location (spec §3): name and address, the map pin (drag, click, paste), geocoding both ways. */
export function LocationSection() {
  const { t } = useIntl();
  const countries = AedFormActor.useSelector(countriesOf, sameJson);
  const options = AedFormActor.useSelector(optionsOf, sameJson);
  const label = (list: string, value: number) => options?.[list]?.find((option) => option.value === value)?.label ?? t(`aed.filter.value.${list === 'positions' ? 'position' : 'accessibility'}.${value}`);
  return (
    <div className="aed-section-grid" data-testid="section-location">
      <div className="aed-card">
        <h3 className="aed-card__title">{t('aed.form.section.identity')}</h3>
        <div className="formgrid grid">
          <TextField field="name" required className="col-12 md:col-8" maxLength={255} />
          <TextField field="idAed" className="col-12 md:col-4" maxLength={100} />
          <TextField field="address" className="col-12" maxLength={255} />
          <TextField field="address2" className="col-12" maxLength={255} />
          <TextField field="building" className="col-12 md:col-8" />
          <TextField field="floor" className="col-12 md:col-4" />
          <TextField field="zipCode" className="col-12 md:col-4" />
          <TextField field="city" className="col-12 md:col-8" />
          <TextField field="state" className="col-12 md:col-6" />
          <ChoiceField field="country" className="col-12 md:col-6" filter showClear={false} options={countries.length ? countries.map((country) => ({ value: country.code, label: country.name })) : [{ value: 'FR', label: 'France' }, { value: 'LU', label: 'Luxembourg' }]} />
          <ChoiceField field="position" className="col-12 md:col-6" options={[1, 2].map((value) => ({ value, label: label('positions', value) }))} />
          <ChoiceField field="accessibility" className="col-12 md:col-6" options={[1, 2].map((value) => ({ value, label: label('accessibility', value) }))} />
          <TextField field="description" className="col-12" multiline maxLength={4000} hint={t('aed.form.description-hint')} />
        </div>
      </div>
      <PlaceCard />
    </div>
  );
}

/** The pin: where the AED is, with geocoding, reverse geocoding and pasted coordinates. */
function PlaceCard() {
  const { t } = useIntl();
  const form = AedFormActor.useActorRef();
  const basemap = ExtraInfosActor.useSelector(basemapOf);
  const lat = AedFormActor.useSelector((snapshot) => valueOf(snapshot, 'lat') as number);
  const lon = AedFormActor.useSelector((snapshot) => valueOf(snapshot, 'lon') as number);
  const country = AedFormActor.useSelector((snapshot) => (valueOf(snapshot, 'country') as string | null) || 'FR');
  const results = AedFormActor.useSelector(geoResultsOf, sameJson);
  const needsPinMove = AedFormActor.useSelector(needsPinMoveOf);
  const geocoding = AedFormActor.useSelector(isGeocoding);
  const readOnly = AedFormActor.useSelector(isDeleted);
  const canGeocode = AedFormActor.useSelector((snapshot) => snapshot.can({ type: 'location.geocode' }));
  const canReverse = AedFormActor.useSelector((snapshot) => snapshot.can({ type: 'location.reverse' }));
  const place = useCallback((point: Coordinates) => form.send({ type: 'location.pin', lat: point.lat, lon: point.lon }), [form]);
  const pin = { lat, lon };
  return (
    <div className="aed-card aed-place">
      <div className="flex align-items-center justify-content-between gap-2 flex-wrap">
        <h3 className="aed-card__title m-0">{t('aed.form.section.place')}</h3>
        <div className="flex gap-2 flex-wrap">
          <Button type="button" icon="pi pi-search" label={t('aed.form.geocode')} size="small" outlined loading={geocoding} disabled={readOnly || !canGeocode} onClick={() => form.send({ type: 'location.geocode' })} data-testid="geocode" />
          <Button type="button" icon="pi pi-map-marker" label={t('aed.form.reverse')} size="small" outlined severity="secondary" disabled={readOnly || !canReverse} onClick={() => form.send({ type: 'location.reverse' })} data-testid="reverse-geocode" />
          <PasteCoordinatesButton label={t('aed.form.paste')} country={country} disabled={readOnly} onCoordinates={place} />
        </div>
      </div>
      {results ? (
        <div className="geo-results" role="listbox" aria-label={t('aed.form.geo-results')} data-testid="geo-results">
          {results.map((result, index) => (
            <button key={`${result.label}-${index}`} type="button" role="option" aria-selected={false} className="geo-result" onClick={() => form.send({ type: 'location.pick', index })}>
              <i className={`pi ${result.needsPinMove ? 'pi-exclamation-triangle text-orange-500' : 'pi-map-marker text-primary'}`} aria-hidden />
              <span className="geo-result__label">
                {result.label}
                {result.departementName ? <small className="text-600"> · {result.departementCode} {result.departementName}</small> : null}
                {result.outsideArea ? <small className="text-orange-600"> · {t('alert.address.far', { km: Math.round(result.distanceKm) })}</small> : null}
              </span>
              <small className="text-600">{t(`aed.form.precision.${result.precision}`)}</small>
            </button>
          ))}
        </div>
      ) : null}
      {needsPinMove ? <Message severity="warn" text={t('aed.form.pin-must-move')} className="w-full" /> : null}
      <div className="aed-place__map">
        <VigilMap center={pin} zoom={17} basemap={basemap} label={t('aed.form.map')} onMapClick={readOnly ? undefined : place}>
          <MapFocus point={pin} focusKey={`${lat.toFixed(5)}:${lon.toFixed(5)}`} minZoom={15} />
          <PinMarker position={pin} draggable={!readOnly} onMove={place} title={t('aed.form.pin')} glyph="pi-bolt" className="aed-pin" />
        </VigilMap>
      </div>
      <div className="formgrid grid">
        <NumberField field="lat" decimals={6} min={-90} max={90} className="col-12 md:col-4" />
        <NumberField field="lon" decimals={6} min={-180} max={180} className="col-12 md:col-4" />
        <NumberField field="altitude" suffix=" m" min={-500} max={9000} className="col-12 md:col-4" />
      </div>
      <small className="text-600">{t('aed.form.pin-help')}</small>
    </div>
  );
}
