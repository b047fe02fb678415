import type { ProgressStatus } from '../../../contract/charts/responder-request.chart';
import type { OfferedAlert } from '../../../contract/responder.schemas';
import { earthRadiusMetres, metresBetween } from '../db/earth';

export interface LatLon {
  lat: number;
  lon: number;
}

/**
 * What a simulated responder can do: the responder API, reached in-process through the service
 * functions (debug mode 3) or over HTTP (`npm run sim`). A refused move throws an error whose
 * `status` is 409.
 */
export interface ResponderApi {
  reportPosition(position: LatLon): Promise<void>;
  offer(alertId: number): Promise<OfferedAlert>;
  accept(alertId: number, position: LatLon): Promise<OfferedAlert>;
  refuse(alertId: number): Promise<OfferedAlert>;
  progress(alertId: number, status: ProgressStatus, position: LatLon): Promise<OfferedAlert>;
}

export interface BotOptions {
  /** Where the bot is when the alert arrives. */
  start: LatLon;
  acceptProbability: number;
  /** 1 is real time; 60 makes a simulated minute last a real second. */
  speedFactor: number;
  /** Simulated seconds between two position reports while walking. */
  reportSeconds: number;
  walkSpeedKmh: number;
  /** Straight line to walked distance: the bot walks the straight line this much slower. */
  detourFactor: number;
  random: () => number;
  signal: AbortSignal;
  /** Called on each step, for logs and tests. */
  onStep?: (step: string, offer?: OfferedAlert) => void;
}

export type BotOutcome = 'refused' | 'arrived' | 'closed' | 'out';

/** The point `step` metres from `from` toward `to` (or `to` when closer). */
export function toward(from: LatLon, to: LatLon, step: number): LatLon {
  const total = metresBetween(from, to);
  // Within a metre of the goal after this step counts as there: walk() stops under a metre, and a
  // bot must arrive on the point itself, not a few decimetres short of it.
  if (total <= step + 1 || total === 0) return { ...to };
  const share = step / total;
  return { lat: from.lat + (to.lat - from.lat) * share, lon: from.lon + (to.lon - from.lon) * share };
}

/** A random point within `radius` metres of `center`, uniform over the disc. */
export function pointAround(center: LatLon, radius: number, random: () => number): LatLon {
  const distance = radius * Math.sqrt(random());
  const angle = 2 * Math.PI * random();
  const dLat = (distance * Math.cos(angle)) / earthRadiusMetres;
  const dLon = (distance * Math.sin(angle)) / (earthRadiusMetres * Math.cos((center.lat * Math.PI) / 180));
  return { lat: center.lat + (dLat * 180) / Math.PI, lon: center.lon + (dLon * 180) / Math.PI };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

const isConflict = (error: unknown) => (error as { status?: number })?.status === 409;

/**
 * One simulated responder answering one alert: after a human-like reaction time it refuses, or
 * accepts and walks (about 5 km/h) to the AED when sent to fetch one, then to the victim,
 * reporting its position and each step. It waits on stand-by, stops when the dispatcher stops it
 * (and goes again when started), and ends when it arrives, the alert closes or it is out (too late,
 * too far, unavailable).
 */
export async function answerAlert(api: ResponderApi, alertId: number, options: BotOptions): Promise<BotOutcome> {
  const simulated = (seconds: number) => sleep((seconds * 1000) / options.speedFactor, options.signal);
  const step = (((options.walkSpeedKmh * 1000) / 3600) * options.reportSeconds) / options.detourFactor;
  let position = { ...options.start };
  const note = (what: string, offer?: OfferedAlert) => options.onStep?.(what, offer);

  /** Walks toward the AED or the victim while the request stays in `walking`; answers the latest offer. */
  async function walk(offer: OfferedAlert, target: 'aed' | 'victim'): Promise<OfferedAlert> {
    for (;;) {
      const goal = target === 'aed' && offer.request.aed ? offer.request.aed : offer.victim;
      if (metresBetween(position, goal) < 1) return offer;
      await simulated(options.reportSeconds);
      position = toward(position, goal, step);
      await api.reportPosition(position);
      const latest = await api.offer(alertId);
      if (latest.closed || latest.request.status !== offer.request.status) return latest;
      offer = latest;
    }
  }

  await simulated(5 + options.random() * 20);
  let offer = await api.offer(alertId);
  if (offer.closed) return 'closed';
  if (options.random() >= options.acceptProbability) {
    await api.refuse(alertId);
    note('refused');
    return 'refused';
  }
  offer = await api.accept(alertId, position);
  note('accepted', offer);
  for (;;) {
    if (offer.closed && offer.request.status !== 'onSiteVictim') return 'closed';
    const status = offer.request.status;
    try {
      switch (status) {
        case 'dispatched':
          offer = await api.progress(alertId, offer.request.mission === 'aed' ? 'onTheWayAed' : 'onTheWayVictim', position);
          break;
        case 'onTheWayAed':
          offer = await walk(offer, 'aed');
          if (offer.request.status === 'onTheWayAed' && !offer.closed) offer = await api.progress(alertId, 'onSiteAed', position);
          break;
        case 'onSiteAed':
          await simulated(30); // open the cabinet, take the AED
          offer = await api.progress(alertId, 'onTheWayVictim', position);
          break;
        case 'onTheWayVictim':
          offer = await walk(offer, 'victim');
          if (offer.request.status === 'onTheWayVictim' && !offer.closed) offer = await api.progress(alertId, 'onSiteVictim', position);
          break;
        case 'onSiteVictim':
          note('arrived', offer);
          return 'arrived';
        case 'available':
          // Started again by the dispatcher.
          offer = await api.accept(alertId, position);
          break;
        case 'waiting':
        case 'stopped':
          // Until promoted or started again; the alert closes at the latest with its auto-close.
          await sleep(Math.max(200, (options.reportSeconds * 1000) / options.speedFactor), options.signal);
          offer = await api.offer(alertId);
          break;
        default:
          note(status, offer);
          return 'out';
      }
      if (offer.request.status !== status) note(offer.request.status, offer);
    } catch (error) {
      if (!isConflict(error)) throw error;
      offer = await api.offer(alertId);
    }
  }
}
