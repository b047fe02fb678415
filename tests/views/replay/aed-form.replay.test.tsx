import { fireEvent, render, screen, within } from '@testing-library/react';
import { ConfirmPopup } from 'primereact/confirmpopup';
import { MemoryRouter } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { aedProblemTypes } from '../../../contract/aed-options';
import type { PotentialDuplicate } from '../../../contract/aed-merge.schemas';
import { Notifications } from '../../../src/components/notifications';
import { extraInfosMachine } from '../../../src/machines/extra-infos/extra-infos.machine';
import type { aedFormMachine } from '../../../src/machines/aed-form/aed-form.machine';
import type { AedActionKind } from '../../../src/machines/aed-form/aed-form.types';
import type { ExtraInfos } from '../../../src/services/auth.api';
import type { Result } from '../../../src/services/http';
import { toStoredUser, writeUser } from '../../../src/services/storage';
import { AppProviders } from '../../../src/views/app/app-providers';
import { AedFormActor } from '../../../src/views/aed/aed-form-actor';
import { AedFormScreen } from '../../../src/views/aed/aed-form-page';
import { udid } from '../../machines/aed-form.fixtures';
import { pathModel } from '../../machines/aed-form.samples';
import { extraInfos, userOf } from '../render-app';
import { FakeApi, type FakeAnswer } from './fake-api';
import { need, steps, stop, type Step } from './gesture-steps';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/**
 * The AED form chart replayed on the form of /aed/form/update/:udid (its editor, dialogs, confirm
 * popups and toasts), signed in as an administrator (who may link a GeoDAE duplicate). The load is
 * four calls: the AED is the sampled answer; options, countries and duplicates are standing answers
 * (the chart reads none of them). An action's call depends on the action running: the answer goes
 * to that call, and for the actions that answer a part, the AED read again after it.
 */

let form: ReturnType<typeof AedFormActor.useActorRef> | undefined;
function Probe() {
  form = AedFormActor.useActorRef();
  return null;
}

/** The fake API of the path running (a gesture that needs an answer in the middle gives it). */
let api: FakeApi | undefined;
const install = FakeApi.prototype.install;
FakeApi.prototype.install = function (this: FakeApi) {
  api = this; // eslint-disable-line @typescript-eslint/no-this-alias
  return install.call(this);
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const named = (key: string) => new RegExp(`^\\s*${escape(englishOf(key))}`);
const button = (key: string) => screen.getByRole('button', { name: englishOf(key) });
const tab = (key: string) => () => fireEvent.click(screen.getByRole('tab', { name: named(key) }));
const type = (element: Element, value: string) => fireEvent.change(element, { target: { value } });

/** The confirm popup a click opened: accepts it (its accept button is labelled `key`). */
const accept = (key: string) => () => fireEvent.click(within(need(document.querySelector<HTMLElement>('.p-confirm-popup'), 'the confirm popup')).getByRole('button', { name: englishOf(key), hidden: true }));
/** Opens the PrimeReact dropdown whose input is `#id`, then picks `label` in its list (opened over the page). */
const choose = (id: string, label: string): Step[] => [
  () => fireEvent.click(need(document.getElementById(id), `#${id}`).closest('.p-dropdown')!),
  () => fireEvent.click(need(screen.queryByRole('option', { name: label, hidden: true }), label)),
];
const firstReport = (key: string) => () => fireEvent.click(within(need(screen.queryAllByTestId('report')[0], 'a report')).getByRole('button', { name: englishOf(key), hidden: true }));
const byId = (id: string) => need(document.getElementById(id), `#${id}`);

/** The calls of each action, in order; the last answers the AED (thenReload reads it again). */
const actionCalls: Record<AedActionKind, string[]> = {
  availability: ['aed.patchAed'],
  certification: ['aed.patchAed'],
  confirm: ['aed.patchAed'],
  delete: ['aed.softDelete'],
  restore: ['aed.restoreAed'],
  pictureAdd: ['aed.patchAed'],
  pictureRotate: ['aed.rotatePicture', 'aed.getAed'],
  pictureDelete: ['aed.deletePicture', 'aed.getAed'],
  contactSave: ['aed.patchAed'],
  contactDelete: ['aed.deleteContact', 'aed.getAed'],
  reportAdd: ['aed.reportProblem', 'aed.getAed'],
  reportMail: ['aed.sendMailForReport', 'aed.getAed'],
  reportResolve: ['aed.resolveReport', 'aed.getAed'],
  reportSoluble: ['aed.markReportSoluble', 'aed.getAed'],
  reportDelete: ['aed.deleteOnGoingReport', 'aed.getAed'],
  linkGeoDae: ['aed.linkGeoDae'],
};

function actFromServer(outcome: FakeAnswer): Array<[string, FakeAnswer]> {
  const kind = form!.getSnapshot().context.action!.kind;
  const [first, ...then] = actionCalls[kind];
  if (outcome === 'network' || !outcome.ok || !then.length) return [[first!, outcome]];
  return [[first!, { ok: true, data: null }], ...then.map((endpoint): [string, FakeAnswer] => [endpoint, outcome])];
}

/** A GeoDAE record near the AED: the administrator may link it. */
const geoDaeDuplicate: PotentialDuplicate = { id: 900, udid: 'geodae-1', idSite: 2, accountKind: 'external', name: 'DAE Mairie de Riom', address: '5 rue Croisier', city: 'Riom', lat: 45.8941, lon: 3.1131, distance: 12, similarity: 0.8, isLinked: false, idGeocoeur: 'GEO-1', source: 'geodae' } as PotentialDuplicate;

const templateAnswer = pathModel.actors!.loadTemplate!.done![0]!;

describeScreenReplay<typeof aedFormMachine>({
  model: pathModel,
  render: (machine) => {
    writeUser(toStoredUser(userOf()));
    render(
      <AppProviders extraInfosLogic={extraInfosMachine.provide({ actors: { loadExtraInfos: fromPromise(async (): Promise<Result<ExtraInfos>> => ({ ok: true, data: extraInfos })) } })}>
        <MemoryRouter initialEntries={[`/aed/form/update/${udid}`]}>
          <AedFormActor.Provider logic={machine} options={{ input: { udid, lang: 'en' } }}>
            <Probe />
            <ConfirmPopup />
            <Notifications />
            <AedFormScreen />
          </AedFormActor.Provider>
        </MemoryRouter>
      </AppProviders>,
    );
    return { send: (event) => form?.send(event as never) };
  },
  endpoints: { save: 'aed.patchAed', geocode: 'geo.geoCoding', reverseGeocode: 'geo.reverseGeoCoding', loadTemplate: 'aed.getEmailTemplate' },
  toServer: {
    load: (outcome) => [['aed.getAed', outcome === 'network' || !outcome.ok ? outcome : { ok: true, data: (outcome.data as { aed: unknown }).aed }]],
    act: actFromServer,
  },
  standing: {
    'aed.getOptionsModules': { ok: true, data: {} },
    'geo.countries': { ok: true, data: [] },
    'aed.potentialDuplicates': { ok: true, data: { list: [geoDaeDuplicate] } },
    'aed.getFile': { ok: false, key: 'error.aed.file-not-found', status: 404 },
    'geo.coordinatesCheck': { ok: true, data: { inCountry: true } },
  },
  gestures: {
    'form.reload': () => fireEvent.click(button('aed.common.retry')),
    'field.change': (event) => {
      if (event.field === 'name') return type(screen.getByLabelText(named('aed.field.name')), String(event.value));
      // Opening hours: the first range of the day, typed as the sample has it.
      const [day, ranges] = Object.entries(event.value as Record<string, Array<{ open: string; close: string }>>)[0]!;
      return steps(tab('aed.form.tab.hours'), () => {
        type(need(screen.queryByTestId(`hours-${day}-0-open`), 'the hours'), ranges[0]!.open);
        type(screen.getByTestId(`hours-${day}-0-close`), ranges[0]!.close);
      });
    },
    'form.save': () => fireEvent.click(screen.getByTestId('aed-save')),
    // Discarding is offered once there is something to discard: an edit first when there is none.
    'form.discard': () =>
      steps(
        () => (button('aed.form.discard') as HTMLButtonElement).disabled && type(screen.getByLabelText(named('aed.field.name')), 'Mairie — brouillon'),
        () => fireEvent.click(button('aed.form.discard')),
      ),
    'location.geocode': () => fireEvent.click(screen.getByTestId('geocode')),
    'location.pick': (event) => fireEvent.click(within(screen.getByTestId('geo-results')).getAllByRole('option')[event.index]!),
    'location.pin': (event) => {
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { readText: async () => `${event.lat}, ${event.lon}` } });
      fireEvent.click(screen.getByTestId('paste-coordinates'));
    },
    'location.reverse': () => fireEvent.click(screen.getByTestId('reverse-geocode')),
    'availability.change': (event) =>
      steps(
        () => fireEvent.click(screen.getByTestId('availability-open')),
        () => {
          const dialog = need(screen.queryByTestId('availability-dialog'), 'the availability popup');
          const radio = dialog.querySelector<HTMLInputElement>(`#availability-${event.change.status}`);
          if (radio) return fireEvent.click(radio);
          // The popup offers only what the availability chart allows: a change to the status the AED
          // already has is not among them, so the chart's own refusal is reached through the actor.
          fireEvent.click(within(dialog.closest('.p-dialog')!).getByRole('button', { name: englishOf('aed.common.cancel'), hidden: true }));
          form!.send(event);
          return stop;
        },
        ...(event.change.reason ? choose('availability-reason', englishOf(`aed.unavailable.${event.change.reason}`)) : []),
        () => fireEvent.click(screen.getByTestId('availability-apply')),
      ),
    'certification.change': () =>
      steps(
        () => fireEvent.click(button('aed.certification.certify')),
        () => fireEvent.click(within(need(document.querySelector<HTMLElement>('.p-dialog'), 'the certification popup')).getByRole('button', { name: englishOf('aed.certification.certify'), hidden: true })),
      ),
    'aed.confirm': () => fireEvent.click(button('aed.confirm.action')),
    'aed.delete': () => steps(() => fireEvent.click(screen.getByTestId('aed-delete')), accept('aed.delete.action')),
    'aed.restore': () => fireEvent.click(screen.getByTestId('aed-restore')),
    'picture.add': (event) => steps(tab('aed.form.tab.pictures'), () => fireEvent.change(need(screen.queryByTestId('picture-input'), 'the picture input'), { target: { files: event.files } })),
    'picture.rotate': (event) =>
      steps(tab('aed.form.tab.pictures'), () => {
        const card = need(screen.queryAllByTestId('picture').find((element) => element.dataset.picture !== undefined), 'a picture');
        fireEvent.click(within(card).getByRole('button', { name: englishOf(event.degrees > 0 ? 'aed.pictures.rotate-right' : 'aed.pictures.rotate-left') }));
      }),
    'picture.delete': (event) =>
      steps(
        tab('aed.form.tab.pictures'),
        () => fireEvent.click(within(need(screen.queryAllByTestId('picture').find((element) => element.dataset.picture === String(event.id)), 'the picture')).getByRole('button', { name: englishOf('aed.pictures.delete') })),
        accept('aed.pictures.delete'),
      ),
    'contact.save': ({ contact }) =>
      steps(
        tab('aed.form.tab.contacts'),
        () => fireEvent.click(need(screen.queryByTestId('contact-add'), 'the add button')),
        () => {
          const dialog = need(screen.queryByTestId('contact-form'), 'the contact form');
          const field = (name: string) => dialog.querySelector<HTMLInputElement>(`#contact-${name}`)!;
          type(field('firstName'), contact.firstName);
          type(field('lastName'), contact.lastName);
          type(field('function'), contact.function);
          type(field('phone'), contact.phone ?? '');
          type(field('email'), contact.email ?? '');
        },
        () => fireEvent.click(screen.getByTestId('contact-save')),
      ),
    'contact.delete': (event) =>
      steps(
        tab('aed.form.tab.contacts'),
        () => {
          const { lastName } = form!.getSnapshot().context.aed!.contacts.find((contact) => contact.id === event.id)!;
          const card = need(screen.queryAllByTestId('contact').find((element) => element.textContent?.includes(lastName)), 'the contact');
          fireEvent.click(within(card).getByRole('button', { name: englishOf('aed.contacts.delete') }));
        },
        accept('aed.contacts.delete'),
      ),
    'report.add': ({ report }) =>
      steps(
        tab('aed.form.tab.reports'),
        () => fireEvent.click(need(screen.queryByTestId('report-add'), 'the report button')),
        ...choose('report-problem', aedProblemTypes.find((option) => option.value === report.problem)!.labels.en),
        () => report.description && type(byId('report-description'), report.description),
        () => fireEvent.click(screen.getByTestId('report-add-confirm')),
      ),
    'report.template': () => steps(tab('aed.form.tab.reports'), firstReport('aed.reports.resolve'), () => fireEvent.click(byId('resolve-mail'))),
    // Only the resolve dialog sends a mail, once the template is loaded (asked by ticking the mail).
    'report.mail': ({ choice }) =>
      steps(
        tab('aed.form.tab.reports'),
        firstReport('aed.reports.resolve'),
        () => fireEvent.click(byId('resolve-mail')),
        () => need(api!.answer('aed.getEmailTemplate', templateAnswer) || null, 'the template asked'),
        () => {
          const send = need(screen.queryByTestId('report-mail-only') as HTMLButtonElement | null, 'the mail button');
          need(!send.disabled || null, 'the template loaded');
          type(byId('resolve-subject'), choice.subject ?? '');
          type(byId('resolve-text'), choice.text ?? '');
        },
        () => fireEvent.click(screen.getByTestId('report-mail-only')),
      ),
    'report.resolve': () => steps(tab('aed.form.tab.reports'), firstReport('aed.reports.resolve'), () => fireEvent.click(need(screen.queryByTestId('report-resolve-confirm'), 'the resolve popup'))),
    'report.soluble': () => steps(tab('aed.form.tab.reports'), firstReport('aed.reports.soluble')),
    'report.delete': () => steps(tab('aed.form.tab.reports'), firstReport('aed.reports.delete'), accept('aed.reports.delete')),
    'geodae.link': () => steps(tab('aed.form.tab.source'), () => fireEvent.click(need(screen.queryByRole('button', { name: englishOf('aed.duplicates.link') }), 'the link button'))),
  },
});

