import { describePathModel } from './kit';
import { pathModel } from './session.samples';

describePathModel(pathModel);
