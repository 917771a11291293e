import EntityShow from '../generic/EntityShow';
import { MappingRules } from './MappingRules';

/** An Artikel-Mapping read-only, with the rules (Mapping-Aliase) that feed it, each tested against the articles. */
export default function ArticleMappingShow() {
  return <EntityShow after={<MappingRules />} />;
}
