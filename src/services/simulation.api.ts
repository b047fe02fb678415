import { simulationEndpoints as endpoints } from '../../contract/simulation.endpoints';
import type { SimulationBody } from '../../contract/simulation.schemas';
import { call } from './http';

/** Starts a simulation run; answers it queued. */
export function startSimulation(body: SimulationBody, signal?: AbortSignal) {
  return call(endpoints.start, { body }, { signal });
}

/** The runs of the caller's accounts, newest first. */
export function listSimulations(signal?: AbortSignal) {
  return call(endpoints.list, { query: {} }, { signal });
}

/** One run, with its results once done. */
export function getSimulation(runId: number, signal?: AbortSignal) {
  return call(endpoints.get, { params: { runId } }, { signal });
}
