import { describePathModel } from './kit';
import { pathModel } from './aed-import.samples';

/** The AED import machine: model-based replay of aed-import.samples.ts at full coverage. */
describePathModel(pathModel);
