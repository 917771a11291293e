import { Box, Tab, Tabs, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { usePermissions } from 'react-admin';
import { AREAS, type AreaName } from '../resources/areas';
import { canAccessEntity } from '../resources/canAccess';
import { ENTITIES, PAGES } from '../resources/registry';
import { groupTabs } from './areaTabGroups';

interface AreaTab {
  path: string;
  label: string;
  order: number;
}

/** The tabs of an area that the user may open, in their order. */
function useAreaTabs(area: AreaName): AreaTab[] {
  const { permissions = [] } = usePermissions<string[]>();
  return [
    ...ENTITIES.filter((e) => e.area === area && canAccessEntity(permissions, e, 'list')).map((e) => ({
      path: e.name,
      label: e.label.many,
      order: e.tabOrder,
    })),
    ...PAGES.filter((p) => p.area === area && p.group && permissions.includes(p.group)).map((p) => ({
      path: p.path,
      label: p.label,
      order: p.tabOrder ?? 0,
    })),
  ].sort((a, b) => a.order - b.order);
}

/**
 * The tabs of an admin area: its entities and hand-made pages that the user may open. Areas with many
 * tabs show them in named groups side by side (wrapping), so every entry stays visible without scrolling;
 * a phone shows them all in one row that scrolls.
 */
export function AreaTabs({ area }: { area: AreaName }) {
  const tabs = useAreaTabs(area);
  const location = useLocation();
  // A phone has room for neither the groups' names nor their rows: all tabs in one row that scrolls sideways.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (tabs.length === 0) return null;
  const current = tabs.find((tab) => location.pathname.startsWith(`/crm/${tab.path}`));
  const groups = phone ? [{ label: undefined, tabs }] : groupTabs(area, tabs);
  const grouped = groups.some((group) => group.label);
  return (
    <Box
      component="nav"
      aria-label={AREAS[area].label}
      sx={{ mb: 1, borderBottom: 1, borderColor: 'divider', maxWidth: '100%' }}
    >
      {groups.map((group) => {
        const inGroup = group.tabs.some((tab) => tab === current);
        return (
          <Box
            key={group.label ?? 'alle'}
            role={group.label ? 'group' : undefined}
            aria-label={group.label}
            // The group's name beside its tabs (above them where the screen is too narrow).
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', minWidth: 0, maxWidth: '100%' }}
          >
            {group.label && (
              <Typography
                variant="overline"
                color="text.secondary"
                sx={{ lineHeight: 1.2, width: 110, flexShrink: 0, pl: 1.5 }}
              >
                {group.label}
              </Typography>
            )}
            <Tabs
              value={inGroup ? current?.path : false}
              // A phone scrolls its one row by swiping (arrows came after the row had scrolled the selected tab
              // into view, and covered it); the desk wraps to a second row instead, so it opens with the first
              // tab in view and every entry visible, none scrolled away.
              variant={phone ? 'scrollable' : 'standard'}
              scrollButtons={false}
              aria-label={group.label ?? AREAS[area].label}
              slotProps={phone ? undefined : { indicator: { sx: { display: 'none' } } }}
              sx={[
                !phone && {
                  '& .MuiTabs-flexContainer': { flexWrap: 'wrap' },
                  '& .MuiTab-root.Mui-selected': {
                    boxShadow: (theme) => `inset 0 -2px ${theme.palette.primary.main}`,
                  },
                },
                grouped && {
                  minHeight: 40,
                  minWidth: 0,
                  maxWidth: '100%',
                  '& .MuiTab-root': { minWidth: 0, minHeight: 40, px: 1.5 },
                },
              ]}
            >
              {group.tabs.map((tab) => (
                <Tab
                  key={tab.path}
                  value={tab.path}
                  label={tab.label}
                  component={Link}
                  to={`/crm/${tab.path}`}
                />
              ))}
            </Tabs>
          </Box>
        );
      })}
    </Box>
  );
}
