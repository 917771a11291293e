import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerDirectoryRoutes } from './directoryRoutes';
import { registerUserRoutes } from './userRoutes';

/**
 * Admin-Benutzer: described users, directory people, locations, profile pictures; Mein Standort; the Filialen
 * (Admin-Verkauf)
 *
 * Benutzer: the signed-in person, and people of the directory for Admin-Benutzer.
 */
export default defineServerArea({
  async plugin(app) {
    registerUserRoutes(app);
    registerDirectoryRoutes(app);
  },
});
