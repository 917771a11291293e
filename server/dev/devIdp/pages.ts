import type { DemoUser } from './demoUsers';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The tenant's icon as the app answers it (webAppPlugin.ts): without a link the browser asked and got a 404. */
export const FAVICON_PATH = '/favicon.ico';

const page = (title: string, body: string) => `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="${FAVICON_PATH}">
<style>
  :root { color-scheme: light; --accent: #ef6c00; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f4f5f7; color: #1f2933; }
  main { max-width: 440px; margin: 6vh auto; background: #fff; border-radius: 12px; box-shadow: 0 8px 30px rgba(0,0,0,.08); padding: 32px; }
  h1 { font-size: 1.35rem; margin: 0 0 4px; }
  p.lead { margin: 0 0 24px; color: #52606d; }
  .badge { display: inline-block; font-size: .75rem; font-weight: 600; letter-spacing: .04em; color: var(--accent); background: #fff3e0; border-radius: 999px; padding: 2px 10px; margin-bottom: 12px; }
  form { margin: 0; }
  button.user { display: flex; width: 100%; text-align: left; gap: 14px; align-items: center; border: 1px solid #e4e7eb; background: #fff; border-radius: 10px; padding: 12px 14px; margin-bottom: 10px; cursor: pointer; font: inherit; color: inherit; }
  button.user:hover, button.user:focus-visible { border-color: var(--accent); outline: 2px solid #ffe0b2; }
  .avatar { flex: none; width: 40px; height: 40px; border-radius: 50%; background: var(--accent); color: #fff; display: grid; place-items: center; font-weight: 600; }
  .name { font-weight: 600; }
  .meta { font-size: .85rem; color: #52606d; }
  .groups { font-size: .75rem; color: #7b8794; margin-top: 2px; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** The development sign-in page: pick one of the demo users. */
export function loginPage(uid: string, users: readonly DemoUser[]): string {
  const buttons = users
    .map(
      (user) => `<button class="user" type="submit" name="username" value="${escapeHtml(user.username)}">
  <span class="avatar" aria-hidden="true">${escapeHtml(initials(user.name))}</span>
  <span><span class="name">${escapeHtml(user.name)}</span> <span class="meta">(${escapeHtml(user.username)})</span>
  <div class="meta">${escapeHtml(user.description ?? '')}</div>
  <div class="groups">${user.groups.length ? escapeHtml(user.groups.join(', ')) : 'keine Gruppen'}</div></span>
</button>`,
    )
    .join('\n');
  return page(
    'Anmelden – Entwicklungs-Anmeldedienst',
    `<span class="badge">Entwicklungsumgebung</span>
<h1>Als Demo-Benutzer anmelden</h1>
<p class="lead">Dieser Anmeldedienst ersetzt Microsoft Entra ID in der Entwicklung. Wählen Sie eine Person:</p>
<form method="post" action="/oidc/interaction/${escapeHtml(uid)}/login">
${buttons}
</form>`,
  );
}

/** The sign-out page's script, a file of its own: the Content Security Policy allows no inline script. */
export const LOGOUT_SCRIPT_PATH = '/dev-idp/confirm-logout.js';
export const LOGOUT_SCRIPT = "document.getElementById('logout-yes').click();\n";

/** The provider's sign-out step, confirmed automatically: the app already asked the user. */
export function logoutPage(form: string): string {
  return page(
    'Abmelden',
    `<h1>Sie werden abgemeldet …</h1>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="logout-yes">Abmelden</button>
<script src="${LOGOUT_SCRIPT_PATH}"></script>`,
  );
}
