import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import { AreaTabs } from './AreaTabs';
import type { AreaName } from '../resources/areas';

/**
 * A hand-made tab of an admin area: its title and the area's tabs above the content. Who may open it is the
 * page declaration's group, checked by the route before this renders (guardPage).
 */
export function AreaPage({ area, title, children }: { area: AreaName; title: string; children: ReactNode }) {
  return (
    <>
      <Title title={title} />
      <AreaTabs area={area} />
      {children}
    </>
  );
}
