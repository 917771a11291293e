import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerFileRoutes } from './fileRoutes';

/** Uploaded files of customers, activities and Vorgänge: upload (multipart only here), list, download. */
export default defineServerArea({
  async plugin(app) {
    await registerFileRoutes(app);
  },
});
