import { describePathModel } from './kit';
import { pathModel } from './aed-merge.samples';

describePathModel(pathModel);
