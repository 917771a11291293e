import { defineServerArea } from '../platform/areas/defineServerArea';

export { notify, type NewNotification } from './notify';

/**
 * Notifications in the app: kept per person (the bell in the top bar), written by any area through `notify`
 * in its own transaction.
 */
export default defineServerArea({
  async plugin() {},
});
