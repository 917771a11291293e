import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerSavedViewRoutes } from './savedViewRoutes';

/**
 * Gespeicherte Ansichten: a list's filters, sort, columns and page size under a name, personal or shared with the
 * branch or everyone (Kunden, Vorgänge, Fällige Labels, Kartenansicht, Todos)
 *
 * Gespeicherte Ansichten: a list's filters, sort, columns and page size under a name, per person or shared.
 */
export default defineServerArea({
  async plugin(app) {
    registerSavedViewRoutes(app);
  },
});
