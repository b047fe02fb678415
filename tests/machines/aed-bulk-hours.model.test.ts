import { describePathModel } from './kit';
import { pathModel } from './aed-bulk-hours.samples';

/** The list's "hours of the selection" dialog: model-based replay of aed-bulk-hours.samples.ts at full coverage. */
describePathModel(pathModel);
