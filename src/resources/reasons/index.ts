import { defineResource } from '../resource';
import entity from './reason.entity';

export default defineResource({
  entity,
});
