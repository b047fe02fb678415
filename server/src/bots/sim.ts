import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { answerAlert, pointAround, type BotOutcome, type LatLon } from './behaviour';
import { createHttpClient } from './http-api';

/** What a simulation run needs. */
export interface SimulationOptions {
  baseUrl: string;
  count: number;
  center: LatLon;
  radiusKm: number;
  acceptProbability: number;
  speedFactor: number;
  reportSeconds: number;
  /** Real seconds between two looks for an offered alert. */
  pollSeconds: number;
  log?: (line: string) => void;
}

/**
 * Simulated responders against a running Vigil, over HTTP only: each registers through the
 * responder API, reports a position around `center`, looks for an offered alert, answers it like
 * the debug-mode-3 bots do (accept or refuse, walk to the AED and the victim, report each step),
 * then waits for the next one. Their accounts are activated at once only when the server runs with
 * RESPONDER_AUTO_ACTIVATE=true (off by default).
 */
export async function runSimulation(options: SimulationOptions): Promise<{ stop(): Promise<void>; outcomes: BotOutcome[] }> {
  const client = createHttpClient(options.baseUrl);
  const controller = new AbortController();
  const log = options.log ?? (() => undefined);
  const outcomes: BotOutcome[] = [];
  const people: { token: string; position: LatLon; name: string }[] = [];
  for (let index = 0; index < options.count; index++) {
    const key = `${Date.now().toString(36)}-${index}`;
    const name = `Sim ${index + 1}`;
    const registered = await client.register({
      responder: { firstName: 'Sim', lastName: `Responder ${index + 1}`, email: `sim-${key}@sim.vigil.invalid`, phone: `+3360100${String(index).padStart(4, '0')}`, trainedStatus: index % 3 === 0 ? 'untrained' : 'trained', carriesAed: false, language: 'fr' },
      device: { os: 'android', pushToken: `sim:${key}`, buildVersion: 'sim', udid: `sim-${key}` },
    });
    if (registered.accountStatus !== 'activated') log(`${name}: account ${registered.accountStatus} (start the server with RESPONDER_AUTO_ACTIVATE=true to have it alerted)`);
    const position = pointAround(options.center, options.radiusKm * 1000, Math.random);
    await client.setPosition(registered.token, { ...position, available: true });
    people.push({ token: registered.token, position, name });
  }
  log(`${people.length} simulated responders around ${options.center.lat}, ${options.center.lon}`);

  const loops = people.map(async (person) => {
    const api = client.api(person.token);
    let lastReport = Date.now();
    while (!controller.signal.aborted) {
      try {
        const offer = await client.current(person.token);
        if (offer && offer.request.status === 'available') {
          log(`${person.name}: alert ${offer.alertId} offered (${offer.request.mission})`);
          const outcome = await answerAlert(api, offer.alertId, {
            start: person.position,
            acceptProbability: options.acceptProbability,
            speedFactor: options.speedFactor,
            reportSeconds: options.reportSeconds,
            walkSpeedKmh: 5,
            detourFactor: 1.3,
            random: Math.random,
            signal: controller.signal,
            onStep: (step) => log(`${person.name}: ${step}`),
          });
          outcomes.push(outcome);
          log(`${person.name}: ${outcome}`);
        } else if (Date.now() - lastReport > 300_000) {
          await client.setPosition(person.token, person.position);
          lastReport = Date.now();
        }
      } catch (error) {
        if (controller.signal.aborted) break;
        log(`${person.name}: ${(error as Error).message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, options.pollSeconds * 1000));
    }
  });

  return {
    outcomes,
    async stop() {
      controller.abort(new Error('simulation stopped'));
      await Promise.allSettled(loops);
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: process.env.VIGIL_URL ?? 'http://localhost:3000' },
      count: { type: 'string', default: '12' },
      lat: { type: 'string', default: '45.7772' },
      lon: { type: 'string', default: '3.087' },
      radius: { type: 'string', default: '0.4' },
      accept: { type: 'string', default: '0.75' },
      speed: { type: 'string', default: '1' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log('npm run sim -- [--url http://localhost:3000] [--count 12] [--lat 45.7772 --lon 3.087] [--radius 0.4 (km)] [--accept 0.75] [--speed 1]');
    return;
  }
  const simulation = await runSimulation({
    baseUrl: values.url!,
    count: Number(values.count),
    center: { lat: Number(values.lat), lon: Number(values.lon) },
    radiusKm: Number(values.radius),
    acceptProbability: Number(values.accept),
    speedFactor: Number(values.speed),
    reportSeconds: 15,
    pollSeconds: 2,
    log: (line) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`),
  });
  const stop = async () => {
    await simulation.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) void main();
