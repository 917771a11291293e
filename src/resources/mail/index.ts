import { defineResource } from '../resource';
import entity from './sentMail.entity';

export default defineResource({
  entity,
});
