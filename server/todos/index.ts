import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerDueItemRoutes } from './dueItemRoutes';

/**
 * Todos: due activities and labels of a person, done, postpone, undo
 *
 * What is due: open activities with a due date and due labels (Todos, Fällige Labels, the dashboard's Heute).
 */
export default defineServerArea({
  async plugin(app) {
    registerDueItemRoutes(app);
  },
});
