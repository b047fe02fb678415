import { describePathModel } from './kit';
import { pathModel } from './extra-infos.samples';

describePathModel(pathModel);
