import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerMailRoutes } from './mailRoutes';

/** E-Mails to customers from text templates: preview and send. */
export default defineServerArea({
  async plugin(app) {
    registerMailRoutes(app);
  },
});
