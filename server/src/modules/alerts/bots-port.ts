/** A place on the map, as the simulator takes it. */
export interface BotPlace {
  lat: number;
  lon: number;
}

/**
 * Debug mode 3's simulated responders, as the alert domain sees them: a port in the context, so
 * that alerts do not depend on the simulator (server/src/bots) that fills it.
 */
export interface Bots {
  /** Registers simulated responders within `distanceMaxKm` of the victim; answers their responder ids. */
  spawn(victim: BotPlace, distanceMaxKm: number): Promise<number[]>;
  /** Sets them answering the launched alert. */
  start(alertId: number, botIds: number[]): void;
  /** Stops every bot and waits for them. */
  stop(): Promise<void>;
}
