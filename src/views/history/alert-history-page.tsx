import './history.css';
import { useSearchParams } from 'react-router-dom';
import { can } from '../../../contract/access';
import { historyTags, type HistoryTag } from '../../../contract/history.schemas';
import { useIntl } from '../../i18n/intl-provider';
import { historySitesOf, isLoadingHistory } from '../../machines/history/history.selectors';
import type { HistoryFilter } from '../../machines/history/history.types';
import { SessionActor } from '../app/actor-contexts';
import { HistoryActor } from './history-actor';
import { ChronologyDialog } from './parts/chronology-dialog';
import { HistoryFilters } from './parts/history-filters';
import { HistoryTable } from './parts/history-table';

/** Filters a link may bring (the dashboard's call actions open the history on a call-back tag). */
function filterFromAddress(params: URLSearchParams): Partial<HistoryFilter> {
  const filter: Partial<HistoryFilter> = {};
  const tag = params.get('tag');
  if (tag && (historyTags as readonly string[]).includes(tag)) filter.tag = tag as HistoryTag;
  const site = Number(params.get('selectedSite'));
  if (Number.isInteger(site) && site > 0) filter.selectedSite = site;
  if (params.get('withCitizenResponderOnly') === 'true') filter.withCitizenResponderOnly = true;
  return filter;
}

/** Alert history (spec §2): table, search, calendar range, page size, Excel export and the chronology modal. */
export default function AlertHistoryPage() {
  const { language } = useIntl();
  const [params] = useSearchParams();
  return (
    <HistoryActor.Provider options={{ input: { lang: language.iso, initialFilter: filterFromAddress(params) } }}>
      <HistoryScreen />
    </HistoryActor.Provider>
  );
}

/** The history screen inside a HistoryActor provider (tests provide the actor). */
export function HistoryScreen() {
  const sites = HistoryActor.useSelector(historySitesOf);
  const phase = HistoryActor.useSelector((snapshot) => (isLoadingHistory(snapshot) ? 'loading' : snapshot.matches({ list: 'ready' }) ? 'ready' : 'other'));
  const canCallBack = SessionActor.useSelector((snapshot) => can(snapshot.context.user?.idGroup ?? 0, 'alert.callback'));
  return (
    <div className="history-page" data-testid="alert-history" data-phase={phase}>
      <HistoryFilters sites={sites} />
      <HistoryTable canCallBack={canCallBack} />
      <ChronologyDialog />
    </div>
  );
}
