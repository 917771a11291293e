import { ArticlePatternTester } from './ArticlePatternTester';
import EntityEdit from '../generic/EntityEdit';

/** A mapping alias, with its pattern tested against the article numbers while it is typed. */
export default function ArticleMappingAliasEdit() {
  return <EntityEdit after={<ArticlePatternTester />} />;
}
