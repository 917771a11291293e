import { defineResource } from '../resource';
import entity from './customer.entity';

export default defineResource({
  entity,
  list: () => import('./CustomerList'),
  create: () => import('./CustomerCreate'),
  edit: () => import('./CustomerEdit'),
  show: () => import('./CustomerShow'),
});
