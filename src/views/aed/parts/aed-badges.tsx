import { Tag } from 'primereact/tag';
import type { AedVigilance } from '../../../../contract/aed-vigilance';
import { useIntl } from '../../../i18n/intl-provider';
import { formatDay } from './aed-format';

const confirmationSeverity = { never: 'danger', under3Months: 'success', under6Months: 'info', under1Year: 'warning', over1Year: 'danger' } as const;

/** How long ago the AED's data was last confirmed (spec §4): never, under 3 months, 6 months, 1 year, over 1 year. */
export function ConfirmationBadge({ band, date }: { band: AedVigilance['confirmation']; date?: string | null }) {
  const { t, locale } = useIntl();
  const title = date ? t('aed.confirmation.on', { date: formatDay(date, locale) }) : t('aed.confirmation.never');
  return (
    <Tag className={`aed-badge aed-badge--confirmation is-${band}`} severity={confirmationSeverity[band]} value={t(`aed.confirmation.${band}`)} icon="pi pi-check-circle" title={title} data-band={band} />
  );
}

const consumables = ['battery', 'pads', 'childPads'] as const;

/** Vigilance alerts (spec §4): expired or soon-to-expire battery, adult pads and child pads; nothing when all is well. */
export function VigilanceBadges({ vigilance, compact = false }: { vigilance: AedVigilance; compact?: boolean }) {
  const { t } = useIntl();
  const flagged = consumables.filter((part) => vigilance[part] === 'expired' || vigilance[part] === 'soon');
  if (!flagged.length) {
    return compact ? (
      <span className="aed-vigilance-ok" title={t('aed.vigilance.none')}>
        <i className="pi pi-check" aria-hidden />
        <span className="sr-only">{t('aed.vigilance.none')}</span>
      </span>
    ) : null;
  }
  return (
    <span className="aed-badges">
      {flagged.map((part) => {
        const state = vigilance[part] as 'expired' | 'soon';
        return (
          <Tag
            key={part}
            className={`aed-badge aed-badge--vigilance is-${state}`}
            severity={state === 'expired' ? 'danger' : 'warning'}
            icon={state === 'expired' ? 'pi pi-exclamation-circle' : 'pi pi-clock'}
            value={t(`aed.vigilance.${part}.${state}`)}
            data-vigilance={`${part}-${state}`}
          />
        );
      })}
    </span>
  );
}

const statusSeverity = { available: 'success', inMaintenance: 'warning', unavailable: 'secondary', deleted: 'danger' } as const;

/** Availability of an AED, with the end of a temporary unavailability. */
export function StatusTag({ status, until }: { status: string; until?: string | null }) {
  const { t, locale } = useIntl();
  const severity = statusSeverity[status as keyof typeof statusSeverity] ?? 'info';
  return (
    <span className="aed-status">
      <Tag severity={severity} value={t(`aed.status.${status}`)} className={`aed-status__tag status-${status}`} data-status={status} />
      {until && status === 'unavailable' ? <small className="aed-status__until">{t('aed.status.until', { date: formatDay(until, locale) })}</small> : null}
    </span>
  );
}

/** "Not ready for GeoDAE, missing: …" in the reader's language, or that the AED is ready. */
function readinessText(t: ReturnType<typeof useIntl>['t'], missing: readonly string[]): string {
  return missing.length === 0 ? t('aed.geodae.ready') : t('aed.geodae.missing', { fields: missing.map((column) => t(`aed.geodae.column.${column}`)).join(', ') });
}

/** Readiness for the GeoDAE declaration, computed by the server; the title names the mandatory columns the AED lacks. */
export function GeoDaeBadge({ missing }: { missing: readonly string[] }) {
  const { t } = useIntl();
  const ready = missing.length === 0;
  const title = readinessText(t, missing);
  return (
    <Tag
      className={`aed-badge aed-badge--geodae is-${ready ? 'ready' : 'missing'}`}
      severity={ready ? 'success' : 'warning'}
      icon={ready ? 'pi pi-check' : 'pi pi-exclamation-triangle'}
      value={t('aed.geodae.badge')}
      title={title}
      aria-label={title}
      data-testid="geodae-readiness"
      data-ready={ready}
    />
  );
}

/** The badge with the missing columns written out beside it, where there is room (the AED form). */
export function GeoDaeReadiness({ missing }: { missing: readonly string[] }) {
  const { t } = useIntl();
  return (
    <span className="aed-geodae-readiness">
      <GeoDaeBadge missing={missing} />
      {missing.length > 0 ? (
        <small className="aed-geodae-readiness__missing" data-testid="geodae-missing">
          {readinessText(t, missing)}
        </small>
      ) : null}
    </span>
  );
}
