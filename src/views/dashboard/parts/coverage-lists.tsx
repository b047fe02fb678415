import { Button } from 'primereact/button';
import type { CoverageCandidate, CoverageCellDetail, CoverageGap } from '../../../../contract/coverage.schemas';
import { useIntl } from '../../../i18n/intl-provider';
import { Panel } from './panel';

/** Seconds as minutes with one decimal at most. */
export const minutes = (seconds: number) => Math.round(seconds / 6) / 10;

type Pick = (point: { lat: number; lon: number }) => void;

function Time({ seconds }: { seconds: number | null }) {
  const { t } = useIntl();
  return <>{seconds === null ? t('coverage.time.none') : t('coverage.time.minutes', { minutes: minutes(seconds) })}</>;
}

/** The gap cells with past alerts, most alerts first; a click explains the cell. */
export function WorstGaps({ gaps, onPick }: { gaps: CoverageGap[]; onPick: Pick }) {
  const { t } = useIntl();
  if (gaps.length === 0) return <p className="coverage-empty">{t('coverage.worst.none')}</p>;
  return (
    <ol className="coverage-list" data-testid="coverage-worst-list">
      {gaps.slice(0, 10).map((gap) => (
        <li key={`${gap.ix}:${gap.iy}`}>
          <button type="button" className="coverage-list__item" onClick={() => onPick(gap)}>
            <span className="coverage-list__main">{t('coverage.worst.alerts', { count: gap.alerts })}</span>
            <span className="coverage-list__note">
              {t('coverage.layer.aed')}: <Time seconds={gap.aedSeconds} />
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}

/** Where one more AED would help most, best first. */
export function CandidateList({ candidates, onPick }: { candidates: CoverageCandidate[]; onPick: Pick }) {
  const { t } = useIntl();
  if (candidates.length === 0) return <p className="coverage-empty">{t('coverage.candidates.none')}</p>;
  return (
    <ol className="coverage-list" data-testid="coverage-candidate-list">
      {candidates.slice(0, 10).map((candidate) => (
        <li key={`${candidate.ix}:${candidate.iy}`}>
          <button type="button" className="coverage-list__item" onClick={() => onPick(candidate)}>
            <span className="coverage-list__main">{t('coverage.candidates.removed', { minutes: candidate.gapMinutesRemoved })}</span>
            <span className="coverage-list__note">
              {t('coverage.candidates.helped', { count: candidate.alertsHelped })} · {candidate.lat.toFixed(5)}, {candidate.lon.toFixed(5)}
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}

/** Why a cell's times are what they are. */
export function CellExplanation({ cell, error, onClose }: { cell: CoverageCellDetail | null; error: string | null; onClose: () => void }) {
  const { t } = useIntl();
  return (
    <Panel title={t('coverage.cell.title')} icon="pi-info-circle" error={error} testId="coverage-cell" actions={<Button type="button" icon="pi pi-times" rounded text aria-label={t('coverage.cell.close')} onClick={onClose} />}>
      {cell ? (
        <div className="coverage-cell-detail">
          <dl>
            <dt>{t('coverage.layer.responder')}</dt>
            <dd>
              <Time seconds={cell.responderSeconds} />
            </dd>
            <dt>{t('coverage.layer.aed')}</dt>
            <dd>
              <Time seconds={cell.aedSeconds} />
            </dd>
            <dt>{t('coverage.cell.alerts')}</dt>
            <dd>{cell.alerts}</dd>
            <dt>{t('coverage.cell.seen')}</dt>
            <dd>{t('coverage.cell.seen.value', { seen: cell.instantsWithResponder, instants: cell.instants })}</dd>
          </dl>
          {cell.reasons.length > 0 ? (
            <ul className="coverage-reasons" data-testid="coverage-reasons">
              {cell.reasons.map((reason) => (
                <li key={reason}>{t(`coverage.reason.${reason}`)}</li>
              ))}
            </ul>
          ) : null}
          {cell.nearestAeds.length > 0 ? (
            <>
              <h3>{t('coverage.cell.aeds')}</h3>
              <ul className="coverage-aeds">
                {cell.nearestAeds.map((aed) => (
                  <li key={aed.id} className={aed.openInBand ? 'is-open' : 'is-closed'}>
                    {aed.name} — {aed.distance} m — {t(aed.openInBand ? 'coverage.cell.open' : 'coverage.cell.closed')}
                    {cell.fetchedAed?.id === aed.id ? ` (${t('coverage.cell.fetched')})` : ''}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </Panel>
  );
}
