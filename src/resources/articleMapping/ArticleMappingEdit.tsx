import EntityEdit from '../generic/EntityEdit';
import { MappingRules } from './MappingRules';

/** An Artikel-Mapping with the rules (Mapping-Aliase) that feed it, each tested against the articles. */
export default function ArticleMappingEdit() {
  return <EntityEdit after={<MappingRules />} />;
}
