import HomeOutlined from '@mui/icons-material/HomeOutlined';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Breadcrumbs, Link, Typography } from '@mui/material';
import { useLocation, useNavigate } from 'react-router-dom';
import { useBreadcrumbLabels } from './BreadcrumbContext';
import { breadcrumbTrail } from './breadcrumbs';

/** The breadcrumb of the top bar: route labels plus the labels pages add. */
export function Breadcrumb({ compact }: { compact: boolean }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const trail = breadcrumbTrail(pathname, useBreadcrumbLabels());
  const go = (url: string) => (event: React.MouseEvent) => {
    event.preventDefault();
    // As in the client's app, navigation errors from breadcrumb clicks are ignored.
    try {
      void Promise.resolve(navigate(url)).catch(() => undefined);
    } catch {
      /* ignored on purpose */
    }
  };
  const shown = compact ? trail.slice(-1) : trail;
  return (
    <Breadcrumbs
      aria-label="Brotkrumen"
      separator={<NavigateNextIcon fontSize="small" />}
      sx={{ minWidth: 0, '& ol': { flexWrap: 'nowrap' }, '& li': { minWidth: 0 } }}
    >
      {!compact && (
        <Link href="/crm/dashboard" onClick={go('/crm/dashboard')} color="inherit" aria-label="Startseite">
          <HomeOutlined fontSize="small" sx={{ verticalAlign: 'middle' }} />
        </Link>
      )}
      {shown.map((crumb, index) =>
        index === shown.length - 1 ? (
          <Typography
            key={crumb.url + index}
            color="text.primary"
            noWrap
            aria-current="page"
            fontWeight={600}
          >
            {crumb.label}
          </Typography>
        ) : (
          <Link key={crumb.url + index} href={crumb.url} onClick={go(crumb.url)} color="inherit" noWrap>
            {crumb.label}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
