import { endpoint } from './endpoint';
import { simulationBody, simulationListQuery, simulationRun, simulationRunParams } from './simulation.schemas';

const base = '/services/backoffice/simulations';
const tags = ['simulations'];
const access = 'alert.simulation';

/** The alert-policy simulator: start a run (a durable job replays the period), list the runs, read one. */
export const simulationEndpoints = {
  start: endpoint({
    method: 'POST',
    path: base,
    summary: 'Start a simulation: a period of history replayed under the current and a proposed alert policy',
    tags,
    access,
    body: simulationBody,
    response: simulationRun,
    errors: [400, 401, 403],
    writes: true,
    notAudited: 'a study of past alerts that changes nothing; the run keeps who asked and its parameters',
    matrix: { own: 200, other: 403, note: 'other: selectedSite of another account' },
  }),
  list: endpoint({
    method: 'GET',
    path: base,
    summary: 'The simulation runs of the caller’s accounts, newest first, with their parameters',
    tags,
    access,
    query: simulationListQuery,
    response: simulationRun.array(),
    errors: [400, 401, 403],
    writes: false,
    matrix: { own: 200 },
  }),
  get: endpoint({
    method: 'GET',
    path: `${base}/:runId`,
    summary: 'One simulation run with its results once done',
    tags,
    access,
    params: simulationRunParams,
    response: simulationRun,
    errors: [400, 401, 403, 404],
    writes: false,
    matrix: { own: 200, other: 404, note: 'other: a run of another account' },
  }),
};
