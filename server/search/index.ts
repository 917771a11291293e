import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerSearchRoutes } from './searchRoutes';

/**
 * Strg+K: one search over customers, Endkunden, Vorgänge, Belegnummern and the app's screens; the keyboard
 * shortcuts and their overview ("?")
 *
 * Strg+K: one search over customers, Endkunden, Vorgänge and Belegnummern.
 */
export default defineServerArea({
  async plugin(app) {
    registerSearchRoutes(app);
  },
});
