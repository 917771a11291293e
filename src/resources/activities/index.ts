import { defineResource } from '../resource';
import entity from './activity.entity';

export default defineResource({
  entity,
});
