import { defineResource } from '../resource';
import entity from './goodsGroup.entity';

export default defineResource({
  entity,
});
