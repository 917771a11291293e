import { defineResource } from '../resource';
import entity from './stammdaten.entity';

export default defineResource({
  entity,
});
