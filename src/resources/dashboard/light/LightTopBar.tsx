import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { UiConfig } from '../../../config/clientConfig';
import { LightIcon } from './lightIcons';

/**
 * The light page's top bar, with the full app's buttons in the same places (inline SVG, no MUI): menu, logo,
 * the outbox's or offline chip, search, manual, layout and profile. A tap on one hands over, and the full app
 * repeats it on its own button (`onTap` with the button's name).
 */
export function LightTopBar({
  ui,
  outboxChip,
  onTap,
}: {
  ui: UiConfig;
  outboxChip: ReactNode;
  onTap: (button: string) => void;
}) {
  return (
    <header className="mdl-bar">
      <button
        type="button"
        className="mdl-iconbutton"
        aria-label="Menü ein- oder ausblenden"
        onClick={() => onTap('Menü ein- oder ausblenden')}
      >
        <LightIcon name="menu" />
      </button>
      <Link className="mdl-logo" to="/crm/dashboard" aria-label={`${ui.loginTitle}: zum Dashboard`}>
        <img src={ui.sidebarLogo} alt="" />
      </Link>
      <span className="mdl-grow" />
      {outboxChip}
      {/* The full app's buttons in the same places: a tap hands over, and the full app repeats it. */}
      <button type="button" className="mdl-iconbutton" aria-label="Suchen" onClick={() => onTap('Suchen')}>
        <LightIcon name="search" />
      </button>
      <a
        className="mdl-iconbutton"
        href={ui.manualUrl}
        target="_blank"
        rel="noopener"
        aria-label="Benutzerhandbuch öffnen"
      >
        <LightIcon name="help" />
      </a>
      <button
        type="button"
        className="mdl-iconbutton"
        aria-label="Layout anpassen"
        onClick={() => onTap('Layout anpassen')}
      >
        <LightIcon name="tune" />
      </button>
      <button type="button" className="mdl-iconbutton" aria-label="Profil" onClick={() => onTap('Profil')}>
        <span className="mdl-avatar">
          <LightIcon name="person" />
        </span>
      </button>
    </header>
  );
}
