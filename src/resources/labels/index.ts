import { defineResource } from '../resource';
import entity from './label.entity';

export default defineResource({
  entity,
  list: () => import('./LabelList'),
  edit: () => import('./LabelEdit'),
});
