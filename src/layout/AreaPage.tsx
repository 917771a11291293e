import type { ReactNode } from 'react';
import { Loading, Title, usePermissions } from 'react-admin';
import type { AppGroup } from '../auth/groups';
import { AreaTabs } from './AreaTabs';
import type { AreaName } from '../resources/areas';
import { NoPermissionPage } from './NoPermissionPage';

/**
 * A hand-made tab of an admin area: its title and the area's tabs, and the content only for people with
 * the group (so the content's queries never run for others; the server refuses them anyway).
 */
export function AreaPage({
  area,
  group,
  title,
  children,
}: {
  area: AreaName;
  group: AppGroup;
  title: string;
  children: ReactNode;
}) {
  const { permissions = [], isPending } = usePermissions<string[]>();
  if (isPending) return <Loading />;
  if (!permissions.includes(group)) return <NoPermissionPage />;
  return (
    <>
      <Title title={title} />
      <AreaTabs area={area} />
      {children}
    </>
  );
}
