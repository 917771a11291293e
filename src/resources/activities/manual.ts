import { defineManualTexts } from '../manual';

/** The user manual's paragraph for each of this area's admin tabs, by the tab's label (server only). */
export default defineManualTexts({
  Gründe:
    'Gründe, die eine Aktivität angeben kann (z. B. warum ein Angebot verloren ging); ein Grund kann dem Kunden Labels geben.',
});
