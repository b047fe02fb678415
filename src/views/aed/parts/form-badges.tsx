import { Tag } from 'primereact/tag';
import { useIntl } from '../../../i18n/intl-provider';
import { aedOf } from '../../../machines/aed-form/aed-form.selectors';
import { AedFormActor } from '../aed-form-actor';
import { ConfirmationBadge, GeoDaeReadiness, StatusTag, VigilanceBadges } from './aed-badges';
import { formatDay } from './aed-format';

/** The stored AED's state beside its name in the form: availability, certification, confirmation, vigilance and GeoDAE readiness. */
export function FormBadges() {
  const { t, locale } = useIntl();
  const aed = AedFormActor.useSelector(aedOf);
  if (!aed) return null;
  return (
    <>
      <StatusTag status={aed.status} until={aed.unavailableUntil} />
      {aed.certified ? <Tag icon="pi pi-verified" severity="success" value={t('aed.certified.on', { date: aed.lastCertificationDate ? formatDay(aed.lastCertificationDate, locale) : '' })} /> : null}
      <ConfirmationBadge band={aed.vigilance.confirmation} date={aed.lastConfirmationDate} />
      <VigilanceBadges vigilance={aed.vigilance} />
      <GeoDaeReadiness missing={aed.geoDaeMissing} />
    </>
  );
}
