import { defineResource } from '../resource';
import entity from './articleMappingAlias.entity';

export default defineResource({
  entity,
  create: () => import('./ArticleMappingAliasCreate'),
  edit: () => import('./ArticleMappingAliasEdit'),
});
