import { AutoComplete, type AutoCompleteChangeEvent } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { ActorOptions } from 'xstate';
import type { GeoResult } from '../../../../contract/geo.schemas';
import { PasteCoordinatesButton } from '../../../components/map/paste-coordinates-button';
import { useIntl } from '../../../i18n/intl-provider';
import { addressSearchMachine, suggestionAddress } from '../../../machines/alert/address-search.machine';
import { addressOf, canPlace, isMovingAddress, isPreviewing, optionsOf, phaseOf, setUpStatusOf, victimOf, wrongAddressKeyOf } from '../../../machines/alert/alert.selectors';
import { AlertActor } from '../alert-actor';
import { AddressSuggestion } from './address-suggestion';
import { inspected } from '../../../services/inspection';

/** Tests pass the suggestions' machine (its actors provided) and a virtual clock for its pause. */
export interface AddressSectionProps {
  searchLogic?: typeof addressSearchMachine;
  searchClock?: ActorOptions<typeof addressSearchMachine>['clock'];
}

/**
 * Where the victim is: the address with suggestions (Enter or a suggestion geocodes it), the
 * "paste latitude, longitude" button, and what the last set-up said (not found, pin to move).
 * Usable at any time: before launch it sets the alert up, once live it moves the alert.
 */
export function AddressSection({ searchLogic = addressSearchMachine, searchClock }: AddressSectionProps = {}) {
  const { t } = useIntl();
  const alert = AlertActor.useActorRef();
  const known = AlertActor.useSelector(addressOf);
  const mayPlace = AlertActor.useSelector(canPlace);
  const previewing = AlertActor.useSelector(isPreviewing);
  const moving = AlertActor.useSelector(isMovingAddress);
  const status = AlertActor.useSelector(setUpStatusOf);
  const wrongAddressKey = AlertActor.useSelector(wrongAddressKeyOf);
  const live = AlertActor.useSelector((snapshot) => phaseOf(snapshot) === 'live');
  const victim = AlertActor.useSelector(victimOf, (a, b) => a?.lat === b?.lat && a?.lon === b?.lon);
  const countryCode = AlertActor.useSelector((snapshot) => optionsOf(snapshot)?.countryCode ?? 'FR');
  const search = useActorRef(searchLogic, { ...inspected, input: { countryCode }, ...(searchClock ? { clock: searchClock } : {}) });
  const suggestions = useSelector(search, (snapshot) => snapshot.context.suggestions);
  const [text, setText] = useState(known);

  // The server names the place (a geocoded or pasted pin): the field follows.
  useEffect(() => setText(known), [known]);

  const submit = (address: string) => {
    if (!address.trim() || !mayPlace) return;
    search.send({ type: 'query.clear' });
    alert.send({ type: 'address.submit', address });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(text);
  };
  const onChange = (event: AutoCompleteChangeEvent) => {
    const value = event.value as string | GeoResult | null;
    setText(typeof value === 'string' ? value : (value?.label ?? ''));
    // Every keystroke is told to the suggestions, a text too short (or emptied) too: it clears them
    // and drops the question under way, whose late answer would otherwise pop up under a shorter text.
    if (typeof value === 'string' || value === null) search.send({ type: 'query.change', text: value ?? '' });
  };

  return (
    <section className="alert-section" aria-labelledby="alert-address-title">
      <h2 id="alert-address-title" className="alert-section__title">
        <i className="pi pi-map-marker" aria-hidden /> {t(live ? 'alert.address.title-live' : 'alert.address.title')}
      </h2>
      <form className="alert-address" onSubmit={onSubmit}>
        <AutoComplete
          inputId="alert-address"
          data-testid="address-field"
          value={text}
          suggestions={suggestions}
          field="label"
          // The text is told to the suggestions as it changes (onChange); the field only shows their answer.
          completeMethod={() => undefined}
          onChange={onChange}
          onSelect={(event) => {
            const address = suggestionAddress(event.value as GeoResult);
            setText(address);
            submit(address);
          }}
          minLength={3}
          delay={0}
          placeholder={t('alert.address.placeholder')}
          aria-label={t('alert.address.label')}
          disabled={!mayPlace}
          className="alert-address__input"
          inputClassName="w-full"
          itemTemplate={(item: GeoResult) => <AddressSuggestion item={item} />}
        />
        <Button type="submit" icon="pi pi-search" aria-label={t('alert.address.locate')} tooltip={t('alert.address.locate')} loading={previewing || moving} disabled={!mayPlace || !text.trim()} data-testid="locate-address" />
      </form>
      <div className="alert-address__tools">
        <PasteCoordinatesButton label={t('alert.address.paste')} country={countryCode} disabled={!mayPlace} onCoordinates={(point) => alert.send({ type: 'pin.move', ...point, source: 'paste' })} />
        <span className="alert-address__where" data-testid="victim-coordinates">
          {victim ? (
            <>
              <i className="pi pi-map-marker" aria-hidden /> {victim.lat.toFixed(5)}, {victim.lon.toFixed(5)}
            </>
          ) : (
            t('alert.address.pin-hint')
          )}
        </span>
      </div>
      {status === 'wrongAddress' ? <Message severity="error" className="w-full justify-content-start mt-2" text={t(wrongAddressKey ?? 'error.alert.address-not-found')} data-testid="address-message" /> : null}
      {status === 'imprecise' ? <Message severity="warn" className="w-full justify-content-start mt-2" text={t('error.alert.address-imprecise')} data-testid="address-message" /> : null}
    </section>
  );
}
