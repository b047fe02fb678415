import { describePathModel } from './kit';
import { pathModel } from './aed-list.samples';

describePathModel(pathModel);
