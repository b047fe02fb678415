import { describePathModel } from './kit';
import { pathModel } from './validation.samples';

describePathModel(pathModel);
