import { ArticlePatternTester } from './ArticlePatternTester';
import EntityCreate from '../generic/EntityCreate';

/** A mapping alias, with its pattern tested against the article numbers while it is typed. */
export default function ArticleMappingAliasCreate() {
  return <EntityCreate after={<ArticlePatternTester />} />;
}
