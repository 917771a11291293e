import customerEntity from '../../src/resources/customers/customer.entity';
import { defineServerArea, hooksOf } from '../platform/areas/defineServerArea';
import { customerHooks } from './customerHooks';
import { registerCustomerRoutes } from './customerRoutes';
import { registerTimelineRoutes } from './timelineRoutes';

/**
 * Kunden: list, customer page (timeline, activities, Vorgänge, files, personal notes, labels), in-place edits,
 * duplicates, export
 *
 * Kunden: fields, labels, duplicates, export, Vorgänge of a customer, timeline; what saving a customer does
 * besides storing it.
 */
export default defineServerArea({
  async plugin(app) {
    registerCustomerRoutes(app);
    registerTimelineRoutes(app);
  },
  entityHooks: () => [hooksOf(customerEntity, customerHooks)],
});
