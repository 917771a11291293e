import { defineResource } from '../resource';
import entity from './textTemplate.entity';

export default defineResource({
  entity,
  create: () => import('./TextTemplateCreate'),
  edit: () => import('./TextTemplateEdit'),
});
