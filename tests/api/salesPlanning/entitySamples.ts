import { defineEntitySamples } from '../../support/entitySamples';

/** Valid and invalid input for this area's entities, for the tests every declared entity gets. */
export default defineEntitySamples({
  'admin-verkauf/product-groups': {
    valid: { name: 'Testgruppe', sortOrder: 2, active: true },
    invalid: { name: '', sortOrder: 10000 },
    badFields: ['name', 'sortOrder'],
  },
  'admin-verkauf/goods-groups': {
    valid: { name: 'Testwarengruppe', code: 'WG900', active: true },
    invalid: { name: 'x'.repeat(81), code: 'WG 9/0' },
    badFields: ['name', 'code'],
    fresh: () => ({ code: `WG${crypto.randomUUID().slice(0, 8)}` }),
  },
});
