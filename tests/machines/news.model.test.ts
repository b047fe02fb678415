import { describePathModel } from './kit';
import { pathModel } from './news.samples';

describePathModel(pathModel);
