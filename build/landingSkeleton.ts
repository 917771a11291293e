// What landing.html shows on a phone before any JavaScript has arrived: Mein Tag's frame as the light page draws
// it while its data load (the top bar, the heading, the sections' titles with a loading bar), in the default light
// colour scheme. On a cold load over a phone's line the scripts take a second and more; this is painted with the
// HTML. React replaces it with its first render (createRoot empties the root). Wider screens never show it.
import { LIGHT_ICON_PATHS } from '../src/resources/dashboard/light/lightIconPaths';
import { PHONE_LANDING_QUERY } from '../src/resources/dashboard/phoneLanding';

/** The skeleton's look, inline (the light page's style sheet is only preloaded, and applies with its code). */
const SKELETON_STYLE = `<style>
      .landing-skeleton { display: none; }
      @media ${PHONE_LANDING_QUERY} {
        body { margin: 0; }
        .landing-skeleton { display: block; min-height: 100vh; background: #f4f5f7; color: #1f2328;
          font-family: 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; font-size: 16px; line-height: 1.5; }
        .landing-skeleton-bar { position: fixed; top: 0; left: 0; right: 0; height: 64px; box-sizing: border-box;
          display: flex; align-items: center; gap: 4px; padding: 0 8px; background: #fff;
          border-bottom: 1px solid rgba(0, 0, 0, 0.12); color: rgba(0, 0, 0, 0.6); }
        .landing-skeleton-bar > span { width: 44px; height: 44px; display: flex; align-items: center;
          justify-content: center; flex-shrink: 0; }
        .landing-skeleton-bar > span:first-child { margin-left: -4px; }
        .landing-skeleton-bar > i { flex: 1; }
        .landing-skeleton-avatar { width: 36px; height: 36px; border-radius: 50%; display: flex; align-items: center;
          justify-content: center; background: #bdbdbd; color: #fff; }
        .landing-skeleton main { padding: 80px 12px 0; }
        .landing-skeleton h1 { margin: 0; font-size: 24px; font-weight: 400; line-height: 1.334; }
        .landing-skeleton h2 { margin: 20px 0 8px; font-size: 1.1rem; font-weight: 500; line-height: 1.6; }
        .landing-skeleton-loading { height: 4px; background: rgba(0, 0, 0, 0.08); }
      }
    </style>
`;

/** One of the bar's icons as the light page draws it (lightIcons.tsx), in its 44 px place. */
const icon = (name: keyof typeof LIGHT_ICON_PATHS) =>
  `<svg width="24" height="24" viewBox="0 0 24 24"><path d="${LIGHT_ICON_PATHS[name]}" fill="currentColor"/></svg>`;

// The bar's buttons in the light page's places (menu; the tenant's logo, which only the configuration names;
// search, help, layout, profile): they act once the page's code is here.
const BAR =
  `<span>${icon('menu')}</span><i></i><span>${icon('search')}</span><span>${icon('help')}</span>` +
  `<span>${icon('tune')}</span><span><span class="landing-skeleton-avatar">${icon('person')}</span></span>`;

const SKELETON = `<div class="landing-skeleton" aria-hidden="true">
        <div class="landing-skeleton-bar">${BAR}</div>
        <main>
          <h1>Mein Tag</h1>
          <section><h2>Termine heute</h2><div class="landing-skeleton-loading"></div></section>
          <section><h2>Todos</h2><div class="landing-skeleton-loading"></div></section>
        </main>
      </div>`;

/** `html` (an index.html of the build) with the phone's skeleton of Mein Tag in its root and its style in its head. */
export function withLandingSkeleton(html: string): string {
  if (!html.includes('<div id="root"></div>'))
    throw new Error('landingSkeleton: index.html hat kein leeres #root');
  return html
    .replace('  </head>', `    ${SKELETON_STYLE}  </head>`)
    .replace('<div id="root"></div>', `<div id="root">\n      ${SKELETON}\n    </div>`);
}
