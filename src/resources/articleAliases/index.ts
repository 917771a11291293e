import { defineResource } from '../resource';
import entity from './articleAlias.entity';

export default defineResource({
  entity,
  create: () => import('./ArticleAliasCreate'),
  edit: () => import('./ArticleAliasEdit'),
});
