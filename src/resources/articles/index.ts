import { defineResource } from '../resource';
import entity from './article.entity';

export default defineResource({
  entity,
});
