import { describePathModel } from './kit';
import { pathModel } from './aed-form.samples';

describePathModel(pathModel);
