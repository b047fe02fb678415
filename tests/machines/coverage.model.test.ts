import { describePathModel } from './kit';
import { pathModel } from './coverage.samples';

/** The coverage map's machine: model-based replay of coverage.samples.ts at full coverage (journeys in coverage.journeys.test.ts). */
describePathModel(pathModel);
