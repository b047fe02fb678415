import type { GeoResult } from '../../../../contract/geo.schemas';
import { useIntl } from '../../../i18n/intl-provider';

/**
 * One geocoding suggestion: the address, its commune and département, how precise it is (house
 * number, street, town only) and, for a place beyond the service area, how far it is.
 */
export function AddressSuggestion({ item }: { item: GeoResult }) {
  const { t } = useIntl();
  const commune = [item.zipCode, item.city].filter(Boolean).join(' ');
  const where = [!item.label.includes(commune) ? commune : '', item.departementName ? `${item.departementCode} ${item.departementName}` : ''].filter(Boolean).join(' · ');
  return (
    <div className="address-suggestion flex align-items-center gap-2" data-precision={item.precision}>
      <i className={`pi ${item.outsideArea ? 'pi-exclamation-triangle text-orange-500' : 'pi-map-marker text-500'}`} aria-hidden />
      <span className="flex flex-column">
        <span>{item.label}</span>
        <span className="text-sm text-600">
          {where}
          {item.outsideArea ? <strong className="text-orange-600"> · {t('alert.address.far', { km: Math.round(item.distanceKm) })}</strong> : null}
        </span>
      </span>
      <span className={`address-suggestion__precision ml-auto text-xs ${item.needsPinMove ? 'text-orange-600' : 'text-600'}`} data-testid="suggestion-precision">
        {t(`alert.address.precision.${item.precision}`)}
      </span>
    </div>
  );
}
