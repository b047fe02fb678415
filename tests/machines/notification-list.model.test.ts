import { describePathModel } from './kit';
import { pathModel } from './notification-list.samples';

describePathModel(pathModel);
