import { defineResource } from '../resource';
import entity from './productGroup.entity';

export default defineResource({
  entity,
});
