import { GROUPS } from '../../auth/groups';
import { definePage, defineResource } from '../resource';

export default defineResource({
  pages: [
    definePage({
      path: 'nps',
      label: 'NPS',
      group: GROUPS.nps,
      upcoming: {
        title: 'NPS',
        text: 'Hier sehen Sie die Kundenzufriedenheit (Net Promoter Score) und die Antworten.',
      },
    }),
  ],
});
