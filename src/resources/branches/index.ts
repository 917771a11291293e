import { defineResource } from '../resource';
import entity from './branch.entity';

export default defineResource({
  entity,
});
