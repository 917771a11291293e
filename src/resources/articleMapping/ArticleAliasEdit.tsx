import EntityEdit from '../generic/EntityEdit';
import { ArticlePatternTester } from './ArticlePatternTester';

/** An article alias, with the pattern tested while it is edited. */
export default function ArticleAliasEdit() {
  return <EntityEdit after={<ArticlePatternTester />} />;
}
