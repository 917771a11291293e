import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerSearchRoutes } from './searchRoutes';

/** Strg+K: one search over customers, Endkunden, Vorgänge and Belegnummern. */
export default defineServerArea({
  async plugin(app) {
    registerSearchRoutes(app);
  },
});
