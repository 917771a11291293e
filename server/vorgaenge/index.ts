import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerKanbanRoutes } from './kanban/kanbanRoutes';
import { registerVorgangListRoutes } from './vorgangListRoutes';
import { registerVorgangRoutes } from './vorgangRoutes';

/**
 * Vorgänge: list, Fällige Labels, the page per Vorgang (Belege, Plan-DB, labels, status, history), new Vorgang,
 * the Kartenansicht (kanban/)
 *
 * Vorgänge (sales processes): the list, a page per Vorgang with its Belege, labels and status, the Kanban board.
 */
export default defineServerArea({
  async plugin(app) {
    registerVorgangListRoutes(app);
    await registerVorgangRoutes(app);
    await registerKanbanRoutes(app);
  },
});
