import { Button } from 'primereact/button';
import { useState } from 'react';
import { notify } from '../../services/notify';
import { readClipboardCoordinates, type Coordinates } from './coordinates';

export interface PasteCoordinatesButtonProps {
  /** Called with the pasted "latitude, longitude". */
  onCoordinates: (point: Coordinates) => void;
  label: string;
  disabled?: boolean;
  className?: string;
}

/**
 * "Paste latitude, longitude": reads the clipboard and places the pin. The three failures of spec §5
 * (clipboard permission denied, clipboard empty, invalid coordinates) show as error messages.
 */
export function PasteCoordinatesButton({ onCoordinates, label, disabled, className }: PasteCoordinatesButtonProps) {
  const [reading, setReading] = useState(false);
  const paste = async () => {
    setReading(true);
    const outcome = await readClipboardCoordinates();
    setReading(false);
    if (outcome.ok) onCoordinates({ lat: outcome.lat, lon: outcome.lon });
    else notify({ type: 'error', key: outcome.key, life: 5000 });
  };
  return (
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
  );
}
