// What other modules (the analysts' tools) may use of the responders.

/** The position history: its settings, and one sampling of a slot (tests, benchmarks, the simulator's fixtures). */
export { sampleSettings } from './settings';
export { samplePositions, sampleSlot } from './position-samples';
