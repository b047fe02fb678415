import { describePathModel } from './kit';
import { pathModel } from './testers.samples';

describePathModel(pathModel);
