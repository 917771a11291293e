import { GROUPS } from '../../auth/groups';
import { definePage, defineResource, type AreaDeclaration } from '../resource';
import article from './article.entity';
import articleAlias from './articleAlias.entity';
import articleMapping from './articleMapping.entity';
import articleMappingAlias from './articleMappingAlias.entity';
import { mappingStatisticsTab } from './tabs';

// The article mapping area: articles, their aliases and mapping aliases (with the pattern tester), the mappings.
export default [
  defineResource({
    entity: articleMapping,
    edit: () => import('./ArticleMappingEdit'),
    show: () => import('./ArticleMappingShow'),
    pages: [
      definePage({
        path: 'admin/mapping-statistik',
        ...mappingStatisticsTab,
        group: GROUPS.admin,
        component: () => import('./MappingStatisticsPage'),
      }),
    ],
  }),
  defineResource({
    entity: articleAlias,
    create: () => import('./ArticleAliasCreate'),
    edit: () => import('./ArticleAliasEdit'),
  }),
  defineResource({
    entity: articleMappingAlias,
    create: () => import('./ArticleMappingAliasCreate'),
    edit: () => import('./ArticleMappingAliasEdit'),
  }),
  defineResource({ entity: article }),
] satisfies AreaDeclaration;
