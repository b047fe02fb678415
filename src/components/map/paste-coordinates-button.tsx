import { Button } from 'primereact/button';
import { LazyDialog } from '../lazy-dialog';
import { useState } from 'react';
import { useIntl } from '../../i18n/intl-provider';
import { checkCoordinates } from '../../services/geo.api';
import { notify } from '../../services/notify';
import { readClipboardCoordinates, type Coordinates } from './coordinates';

export interface PasteCoordinatesButtonProps {
  /** Called with the pasted "latitude, longitude", once known to be in the country (or swapped with the user's consent). */
  onCoordinates: (point: Coordinates) => void;
  label: string;
  /** The service's country (ISO code): a point outside it is caught, and a swapped one offered the other way round. */
  country: string;
  disabled?: boolean;
  className?: string;
}

const shown = (point: Coordinates) => `${point.lat.toFixed(5)}, ${point.lon.toFixed(5)}`;

/**
 * "Paste latitude, longitude": reads the clipboard and places the pin. The three failures of spec §5
 * (clipboard permission denied, clipboard empty, invalid coordinates) show as error messages; a point
 * outside the country is refused, and when it reads right the other way round ("3.0870, 45.7772")
 * the swap is offered — never a silent pin at sea.
 */
export function PasteCoordinatesButton({ onCoordinates, label, country, disabled, className }: PasteCoordinatesButtonProps) {
  const { t } = useIntl();
  const [reading, setReading] = useState(false);
  const [offer, setOffer] = useState<{ pasted: Coordinates; swapped: Coordinates } | null>(null);
  const paste = async () => {
    setReading(true);
    const outcome = await readClipboardCoordinates();
    if (!outcome.ok) {
      setReading(false);
      notify({ type: 'error', key: outcome.key, life: 5000 });
      return;
    }
    const pasted = { lat: outcome.lat, lon: outcome.lon };
    const check = await checkCoordinates(pasted.lat, pasted.lon, country);
    setReading(false);
    // Unanswered check: the server checks the point again when it is placed.
    if (!check.ok || check.data.inCountry) onCoordinates(pasted);
    else if (check.data.swapped) setOffer({ pasted, swapped: check.data.swapped });
    else notify({ type: 'error', key: 'error.geocoding.outside-country', life: 8000 });
  };
  const useSwapped = () => {
    if (offer) onCoordinates(offer.swapped);
    setOffer(null);
  };
  return (
    <>
      <Button
        type="button"
        icon="pi pi-clipboard"
        label={label}
        outlined
        severity="secondary"
        size="small"
        loading={reading}
        disabled={disabled}
        className={className}
        data-testid="paste-coordinates"
        onClick={() => void paste()}
      />
      <LazyDialog
        visible={offer !== null}
        onHide={() => setOffer(null)}
        header={t('paste.swapped.title')}
        style={{ width: '32rem' }}
        data-testid="swapped-coordinates"
        footer={
          <div className="flex justify-content-end gap-2">
            <Button type="button" label={t('paste.swapped.reject')} outlined severity="secondary" onClick={() => setOffer(null)} />
            <Button type="button" label={t('paste.swapped.accept')} icon="pi pi-sync" onClick={useSwapped} data-testid="use-swapped" autoFocus />
          </div>
        }
      >
        {offer ? <p className="m-0">{t('paste.swapped.text', { pasted: shown(offer.pasted), swapped: shown(offer.swapped) })}</p> : null}
      </LazyDialog>
    </>
  );
}
