import { inject } from 'vitest';
import type { ProductUnderTest } from './serverGlobalSetup';

/**
 * The product this browser test file runs against: each worker has its own (Vitest numbers the workers
 * running at one time 1, 2, … in VITEST_POOL_ID), so files running side by side share no data.
 */
export function productUnderTest(): ProductUnderTest {
  const products = inject('products');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return products[(worker - 1) % products.length]!;
}
