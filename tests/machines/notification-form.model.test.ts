import { describePathModel } from './kit';
import { pathModel } from './notification-form.samples';

describePathModel(pathModel);
