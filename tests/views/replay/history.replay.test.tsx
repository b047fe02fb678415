import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { historyRangeProblem } from '../../../contract/history.rules';
import type { historyMachine } from '../../../src/machines/history/history.machine';
import { extraInfosMachine } from '../../../src/machines/extra-infos/extra-infos.machine';
import type { ExtraInfos } from '../../../src/services/auth.api';
import type { Result } from '../../../src/services/http';
import { toStoredUser, writeUser } from '../../../src/services/storage';
import { AppProviders } from '../../../src/views/app/app-providers';
import { HistoryScreen } from '../../../src/views/history/alert-history-page';
import { HistoryActor } from '../../../src/views/history/history-actor';
import { historyPageSample, ok } from '../../machines/history.fixtures';
import { pathModel } from '../../machines/history.samples';
import { extraInfos, userOf } from '../render-app';
import { currentApi } from './current-api';
import { need, steps, type Step } from './gesture-steps';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/**
 * The alert history chart replayed on /alert/history of a signed-in dispatcher: filters picked,
 * typed and removed as chips, the period's presets, pages, page size, order, refresh and retry,
 * the chronology dialog and the Excel export. Rows are on screen once a page is answered: a gesture
 * that needs them (a page link, a chronology) answers the page waiting first, as the samples do.
 */

const button = (key: string, values?: Record<string, string | number>) =>
  screen.getByRole('button', { name: values ? englishOf(key).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name])) : englishOf(key) });

/** Opens a dropdown by its input's id and picks the option with that text. */
const pick = (inputId: string, option: string): Step[] => [
  () => fireEvent.click(need(document.getElementById(inputId), inputId).closest('.p-dropdown')!),
  () => fireEvent.click(need(screen.queryAllByRole('option', { hidden: true }).find((element) => element.textContent?.trim() === option), option)),
];

/** The rows' chronology buttons (by their label's start: a role query over the whole table is slow). */
const chronologyButtons = () => [...document.querySelectorAll<HTMLElement>('.history-table button[aria-label]')].filter((element) => element.getAttribute('aria-label')!.startsWith(englishOf('history.chronology.open').replace('{id}', '')));

/** The page waiting answered as the samples do (45 alerts), so the table shows rows and pages. */
const answerPage: Step = () => void currentApi().answer('history.getAlertHistory', ok(historyPageSample(45)));

describeScreenReplay<typeof historyMachine>({
  model: pathModel,
  render: (machine, clock) => {
    writeUser(toStoredUser(userOf({ idGroup: 1 })));
    URL.createObjectURL = () => 'blob:vigil.test/history';
    URL.revokeObjectURL = () => undefined;
    render(
      <AppProviders extraInfosLogic={extraInfosMachine.provide({ actors: { loadExtraInfos: fromPromise(async (): Promise<Result<ExtraInfos>> => ({ ok: true, data: extraInfos })) } })}>
        <MemoryRouter initialEntries={['/alert/history']}>
          <HistoryActor.Provider logic={machine} options={{ input: { lang: 'en' }, clock }}>
            <HistoryScreen />
          </HistoryActor.Provider>
        </MemoryRouter>
      </AppProviders>,
    );
  },
  // The accounts are asked by the machine's root, whose invocation the chart names by its id.
  endpoints: { '0.history': 'account.getAccountList', loadSites: 'account.getAccountList', loadPage: 'history.getAlertHistory', loadChronology: 'history.getAlertChronology', exportFile: 'history.exportAlertHistory' },
  // The export answers the file itself; the actor hands it to the browser and says it was saved.
  toServer: { exportFile: (outcome) => (outcome !== 'network' && outcome.ok ? { ok: true, data: new Blob(['xlsx']) } : outcome) },
  gestures: {
    'filter.change': ({ changes }) => {
      const list: Step[] = [];
      if (changes.alertType !== undefined) list.push(...pick('history-type', englishOf(`alert.type.${changes.alertType}`)));
      if (changes.tag) list.push(...pick('history-tag', englishOf(`history.tag.${changes.tag}`)));
      // Another period, among the presets (a blank range is the default one: another preset too).
      if (changes.startDate !== undefined) {
        const current = (document.getElementById('history-range-preset')?.closest('.p-dropdown')?.textContent ?? '').trim();
        list.push(...pick('history-range-preset', current === englishOf('calendar.preset.last7Days') ? englishOf('history.filter.default-range') : englishOf('calendar.preset.last7Days')));
      }
      return steps(...list);
    },
    'filter.type': ({ address }) => fireEvent.change(screen.getByLabelText(englishOf('history.filter.address')), { target: { value: address } }),
    // A filter is removed by its chip; the dates have none (the period is changed, never blanked):
    // the chip of the test alerts is ticked and removed instead, the same change of the chart.
    'filter.delete': () =>
      steps(
        () => document.querySelector('.history-chip__remove') ?? fireEvent.click(need(document.getElementById('history-test'), 'the test alerts box')),
        () => fireEvent.click(need(document.querySelector<HTMLElement>('.history-chip__remove'), 'a chip')),
      ),
    'page.change': ({ page }) =>
      steps(
        () => document.querySelector('.p-paginator-page') ?? answerPage(),
        () => fireEvent.click(need([...document.querySelectorAll<HTMLElement>('.p-paginator-page')].find((link) => link.textContent?.trim() === String(page + 1)), `page ${page + 1}`)),
      ),
    'limit.change': ({ limit }) => steps(...pick('history-limit', String(limit))),
    'order.toggle': () => fireEvent.click(need([...document.querySelectorAll<HTMLElement>('.history-results__header button')].find((element) => [englishOf('history.order.desc'), englishOf('history.order.asc')].includes(element.textContent?.trim() ?? '')), 'the order button')),
    'history.refresh': () => fireEvent.click(button('history.refresh')),
    'chronology.open': ({ alertId }) =>
      steps(
        () => chronologyButtons().length > 0 || answerPage(),
        () => {
          const buttons = chronologyButtons();
          const label = englishOf('history.chronology.open').replace('{id}', String(alertId));
          fireEvent.click(need(buttons.find((element) => element.getAttribute('aria-label') === label) ?? buttons[0], 'a chronology button'));
        },
      ),
    'chronology.close': () => fireEvent.click(need(document.querySelector<HTMLElement>('[data-testid="chronology-dialog"] .p-dialog-header-close'), 'the close button')),
    'chronology.retry': () => fireEvent.click(within(screen.getByTestId('chronology-dialog')).getByRole('button', { name: englishOf('history.retry') })),
    'export.start': () => fireEvent.click(screen.getByTestId('history-export')),
  },
  offScreen: {
    'filter.change': ({ changes }) =>
      changes.startDate !== undefined && historyRangeProblem(changes.startDate ?? '', changes.endDate ?? '') !== null
        ? 'the calendar picks a range in order from the oldest day allowed: a reversed or too old range cannot be picked'
        : undefined,
  },
});
