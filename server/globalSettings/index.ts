import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerGlobalSettingsRoutes } from './globalSettingsRoutes';

/** Globale Einstellungen. */
export default defineServerArea({
  async plugin(app) {
    registerGlobalSettingsRoutes(app);
  },
});
