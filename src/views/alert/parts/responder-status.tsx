import type { RequestStatus } from '../../../../contract/charts/responder-request.chart';
import { useIntl } from '../../../i18n/intl-provider';
import { responderPhaseOf } from '../../../machines/alert/alert.selectors';

/** The colour class of a status (alert.css gives each status its colour, on the list and on the map). */
export const statusClassOf = (status: RequestStatus) => `status-${status} phase-${responderPhaseOf(status)}`;

/** A status as a coloured pill with its label. */
export function ResponderStatusTag({ status }: { status: RequestStatus }) {
  const { t } = useIntl();
  return (
    <span className={`status-tag ${statusClassOf(status)}`} data-status={status}>
      <span className="status-tag__dot" aria-hidden />
      {t(`responder.status.${status}`)}
    </span>
  );
}
