import { defineResource } from '../resource';
import entity from './customStatus.entity';

export default defineResource({
  entity,
  list: () => import('./CustomStatusList'),
});
