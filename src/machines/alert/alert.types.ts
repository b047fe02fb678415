import type { Alert, AlertEscalation, AlertOptions, AlertType, DebugMode, NearbyAed, ResponderCard, SetUpResult } from '../../../contract/alert.schemas';
import type { Result } from '../../services/http';

/** Where the dispatcher asked the victim to be: a typed address, a placed pin, or both. */
export interface PlaceRequest {
  address: string;
  lat?: number;
  lon?: number;
}

export interface AlertInput {
  /** The signed-in user: an alert closed by this id was closed by "me", not by someone else. */
  userId: number;
}

export interface AlertContext {
  userId: number;
  /** The alert to open (from the ongoing alerts list or the page address), once the options are loaded. */
  resumeAlertId: number | null;
  /** GET options: alert types, debug modes, initial map, distances, auto-close delay. */
  options: AlertOptions | null;
  /** The alert as the server last answered it: the draft while setting up, then the live or closed one. */
  alert: Alert | null;
  /** The last place asked for (set-up, or a move of a live alert). */
  place: PlaceRequest;
  /** Details the dispatcher adds (floor, door code...), sent as addressInfo. */
  addressInfo: string;
  alertType: AlertType;
  debugMode: DebugMode;
  /** Responders reachable from the victim, per the last set-up preview. */
  nbPotentialBS: number | null;
  /** AEDs around the victim, per the last set-up. */
  aeds: NearbyAed[];
  /** The steps of the automatic escalation of the live (or closed) alert, oldest first. */
  escalations: AlertEscalation[];
  /** The last set-up found no such address: "check the spelling". */
  wrongAddress: boolean;
  /** Why (message key): not found, or found only beyond the service area (pick the suggestion to confirm). */
  wrongAddressKey: string | null;
  /** The last set-up placed the victim at commune precision: the pin must be moved. */
  needsPinMove: boolean;
  /** The responders of the live (or closed) alert, as the server lists them. */
  responders: ResponderCard[];
  /** A REFRESH_ALERTS arrived while a refresh was running: refresh once more when it ends. */
  refreshAgain: boolean;
  /** The last refresh of a live alert failed: what is shown may be out of date. */
  stale: boolean;
}

/** Both halves of a live alert, fetched together. */
export interface LiveAlert {
  /** The alert with the AEDs around its victim now and the steps of its escalation. */
  alert: Alert & { aeds?: NearbyAed[]; escalations?: AlertEscalation[] };
  responders: ResponderCard[];
}

export type OptionsOutcome = Result<AlertOptions>;
export type SetUpOutcome = Result<SetUpResult>;
export type AlertOutcome = Result<Alert>;
export type LiveOutcome = Result<LiveAlert>;
export type RespondersOutcome = Result<ResponderCard[]>;

/** What the set-up and launch calls send. */
export interface AlertCallInput {
  alertId?: number;
  lat?: number;
  lon?: number;
  address: string;
  addressInfo: string;
  alertType: AlertType;
  debugMode: DebugMode;
}

/** What a move of a live alert sends. */
export interface MoveInput {
  alertId: number;
  place: PlaceRequest;
  addressInfo: string;
}

/** A stop or start of one responder (the card's request id). */
export interface ResponderChange {
  action: 'stop' | 'start';
  alertId: number;
  id: number;
}

export type AlertEvent =
  /** The dispatcher typed (or picked) an address: geocode it. */
  | { type: 'address.submit'; address: string }
  /** The dispatcher placed, dragged or pasted the victim pin. A pasted pin drops the typed address (it is looked up again). */
  | { type: 'pin.move'; lat: number; lon: number; source: 'drag' | 'paste' }
  /** Before launch: the details typed so far (sent with the set-up and the launch). */
  | { type: 'details.change'; addressInfo: string }
  /** Once live: save edited details on the alert. */
  | { type: 'details.save'; addressInfo: string }
  | { type: 'type.choose'; alertType: AlertType }
  | { type: 'debugMode.choose'; debugMode: DebugMode }
  | { type: 'alert.launch' }
  /** REFRESH_ALERTS for this alert (the real-time socket), or the view asking for fresh data. */
  | { type: 'alerts.refresh' }
  | { type: 'responder.stop'; id: number }
  | { type: 'responder.start'; id: number }
  | { type: 'alert.requestClose' }
  | { type: 'alert.cancelClose' }
  | { type: 'alert.confirmClose' }
  /** After a too-far move: close this intervention and set up a new one at the new place. */
  | { type: 'alert.replace' }
  /** After a too-far move: keep the intervention where it is. */
  | { type: 'address.cancel' }
  /** Start a new intervention (the current one, if live, stays live on the server). */
  | { type: 'alert.new' }
  /** Open an existing alert (from the ongoing alerts list). */
  | { type: 'alert.resume'; alertId: number }
  /** After someone else closed the intervention: load its final state. */
  | { type: 'alert.reload' }
  | { type: 'options.retry' };

export type { Alert, AlertOptions, AlertType, DebugMode, NearbyAed, ResponderCard };
