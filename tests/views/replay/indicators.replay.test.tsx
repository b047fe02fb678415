import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { indicatorsMachine } from '../../../src/machines/dashboard/indicators.machine';
import type { IndicatorsOutcome } from '../../../src/machines/dashboard/indicators.types';
import { presetRange } from '../../../src/machines/dashboard/presets';
import { extraInfosMachine } from '../../../src/machines/extra-infos/extra-infos.machine';
import type { ExtraInfos } from '../../../src/services/auth.api';
import type { Result } from '../../../src/services/http';
import { toStoredUser, writeUser } from '../../../src/services/storage';
import { AppProviders } from '../../../src/views/app/app-providers';
import { ReportingScreen, reportingParts } from '../../../src/views/dashboard/alert-dashboard-page';
import { IndicatorsActor } from '../../../src/views/dashboard/dashboard-actors';
import { failure, ok } from '../../machines/history.fixtures';
import { pathModel } from '../../machines/dashboard-indicators.samples';
import { extraInfos, userOf } from '../render-app';
import { currentApi } from './current-api';
import type { FakeAnswer } from './fake-api';
import { need, NotYet, steps } from './gesture-steps';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/**
 * The indicators chart replayed on the alert reporting page (/alert/dashboard): period (a preset or
 * two days on the calendar), area, site, the growth's temporality and refresh. Each indicator is one
 * request: a load's answer in the chart is the server's answer to each indicator the page asked.
 */

// jsdom draws no chart (no canvas, no layout): a chart is its labelled frame only.
vi.mock('../../../src/components/charts/apex', () => ({ ApexChart: () => null }));

const sites = [
  { id: 1, name: 'SDIS 63', kind: 'internal' as const, tag: null, logo: null, country: 'FR', parentId: null },
  { id: 2, name: 'Clermont-Ferrand', kind: 'internal' as const, tag: null, logo: null, country: 'FR', parentId: 1 },
];

/** Each indicator request waiting, answered as the load's outcome says (one the outcome does not name gets no response). */
function perIndicator(outcome: FakeAnswer): Array<[string, FakeAnswer]> {
  const waiting = currentApi()
    .waiting()
    .filter((request) => request.endpoint.startsWith('indicator.'));
  return waiting.map((request) => {
    const part = request.endpoint.slice('indicator.'.length);
    if (outcome === 'network') return [request.endpoint, 'network'];
    const { data, errors } = outcome as unknown as IndicatorsOutcome;
    const answer: FakeAnswer = part in data ? ok((data as Record<string, unknown>)[part]) : part in errors ? failure(errors[part as keyof typeof errors]!) : 'network';
    return [request.endpoint, answer];
  });
}

/** A step that waits for an indicator request asking what `check` looks for (the screen sent the event on). */
function asked(what: string, check: (query: Record<string, string>) => boolean) {
  const before = currentApi().requests.length;
  return () => need(currentApi().requests.slice(before).find((request) => request.endpoint.startsWith('indicator.') && check(request.query)), `an indicator request with ${what}`);
}

const openDropdown = (inputId: string) => fireEvent.click(document.getElementById(inputId)!.closest('.p-dropdown')!);
const option = (text: string) => need(screen.queryAllByRole('option', { hidden: true }).find((element) => element.textContent?.trim() === text), text);

/** A day of the calendar's month on screen. */
const day = (date: number) =>
  need(
    [...document.querySelectorAll<HTMLElement>('.p-datepicker-calendar td:not(.p-datepicker-other-month) > span')].find((cell) => cell.textContent?.trim() === String(date)),
    `day ${date}`,
  );

/** Opens the calendar and goes to the month of `iso` (yyyy-mm-dd). */
const toMonth = (iso: string) => [
  () => fireEvent.click(document.getElementById('indicator-range')!),
  () => {
    const target = iso.slice(0, 7);
    const month = need(document.querySelector('.p-datepicker-month'), 'the calendar').textContent!.trim();
    const shown = new Date(`${month} 1, ${document.querySelector('.p-datepicker-year')!.textContent!.trim()}`);
    const current = `${shown.getFullYear()}-${String(shown.getMonth() + 1).padStart(2, '0')}`;
    if (current === target) return;
    fireEvent.click(need(document.querySelector<HTMLElement>(current > target ? '.p-datepicker-prev' : '.p-datepicker-next'), 'the month arrows'));
    throw new NotYet(`the month ${target}`);
  },
];

describeScreenReplay<typeof indicatorsMachine>({
  model: pathModel,
  render: (machine, clock) => {
    writeUser(toStoredUser(userOf()));
    render(
      <AppProviders extraInfosLogic={extraInfosMachine.provide({ actors: { loadExtraInfos: fromPromise(async (): Promise<Result<ExtraInfos>> => ({ ok: true, data: extraInfos })) } })}>
        <MemoryRouter initialEntries={['/alert/dashboard']}>
          <IndicatorsActor.Provider logic={machine} options={{ input: { parts: reportingParts, lang: 'en', preset: 'last30Days' }, clock }}>
            <ReportingScreen />
          </IndicatorsActor.Provider>
        </MemoryRouter>
      </AppProviders>,
    );
  },
  // The accounts are asked by the machine's root, whose invocation the chart names by its id.
  endpoints: { loadSites: 'account.getAccountList', '0.indicators': 'account.getAccountList' },
  toServer: { loadIndicators: perIndicator },
  offScreen: { 'displayMode.choose': 'the reporting page shows no responders’ growth: its accrued/new switch is on the dashboard’s tech tab' },
  gestures: {
    'range.preset': ({ preset }) =>
      steps(
        () => openDropdown('indicator-range-preset'),
        () => fireEvent.click(option(englishOf(`calendar.preset.${preset}`))),
        asked(`the ${preset} range`, (query) => query.startDate === presetRange(preset).startDate),
      ),
    // Two days picked on the calendar. A start after its end cannot be asked there: the calendar
    // orders the two days a person picks, so picking the later one first asks the ordered range
    // (the chart's refusal of a reversed range guards the machine, not this screen).
    'range.custom': ({ startDate, endDate }) => {
      const [first, last] = [startDate, endDate].sort();
      return steps(
        ...toMonth(startDate),
        () => fireEvent.click(day(Number(startDate.slice(8)))),
        ...toMonth(endDate),
        () => fireEvent.click(day(Number(endDate.slice(8)))),
        asked(`${first} to ${last}`, (query) => query.startDate === first && query.endDate === last),
      );
    },
    'area.choose': ({ area }) =>
      steps(
        () => openDropdown('indicator-area'),
        () => fireEvent.click(need(screen.queryAllByRole('option', { hidden: true }).find((element) => element.textContent?.trim().startsWith(`${area} —`)), `area ${area}`)),
        asked(`area ${area}`, (query) => query.area === area),
      ),
    // The filter offers the accounts once they are listed: a person picks after that answer.
    'site.choose': ({ site }) =>
      steps(
        () => void currentApi().answer('account.getAccountList', ok(sites)),
        () => openDropdown('reporting-site'),
        () => fireEvent.click(option(sites.find((account) => account.id === site)!.name)),
        asked(`site ${site}`, (query) => query.selectedSite === String(site)),
      ),
    'temporality.choose': ({ temporality }) =>
      steps(
        () => fireEvent.click(screen.getByText(englishOf(`indicator.period.${temporality.toUpperCase()}`))),
        asked(`the ${temporality} temporality`, (query) => query.temporality === temporality),
      ),
    'indicators.refresh': () =>
      steps(
        () => fireEvent.click(screen.getByRole('button', { name: englishOf('history.refresh') })),
        asked('every indicator again', () => true),
      ),
  },
});
