import EntityCreate from '../generic/EntityCreate';
import { ArticlePatternTester } from './ArticlePatternTester';

/** A new article alias, with the pattern tested while it is typed. */
export default function ArticleAliasCreate() {
  return <EntityCreate after={<ArticlePatternTester />} />;
}
