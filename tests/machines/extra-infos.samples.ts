import { extraInfosMachine } from '../../src/machines/extra-infos/extra-infos.machine';
import { definePathModel, type EventSamples } from './kit';

/** Model of the extra sign-in information load for `npm run test:paths`. */
export const extraInfosEvents = {
  'extraInfos.retry': [{ type: 'extraInfos.retry' }],
} satisfies EventSamples<typeof extraInfosMachine>;

const infos = {
  thirdParty: { enabled: true, label: 'Single sign-on', url: '/services/backOffice/signin/oidc/start' },
  env: 'test',
  basemap: { archive: null, tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'Test tiles', maxZoom: 19, outlinesUrl: '/tiles/outlines.json', communesUrl: '/tiles/communes.json' },
  analyticsUrl: '',
  errorReportingUrl: '',
  wsPath: '/services/ws',
};

export const pathModel = definePathModel({
  machine: extraInfosMachine,
  input: { origin: 'http://localhost:3000' },
  events: extraInfosEvents,
  actors: { loadExtraInfos: { done: [{ ok: true, data: infos }, { ok: false, key: 'error.network' }], error: [new Error('boom')] } },
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
});
