import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerSavedViewRoutes } from './savedViewRoutes';

/** Gespeicherte Ansichten: a list's filters, sort, columns and page size under a name, per person or shared. */
export default defineServerArea({
  async plugin(app) {
    registerSavedViewRoutes(app);
  },
});
