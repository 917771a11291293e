import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../../src/config/clientConfig';
import { createTestApp, PUBLIC_URL, type TestApp } from '../../support/testApp';

/**
 * fast-xml-parser's tree: elements by name, attributes as '@name'. Its text leaves are typed as nodes too: the
 * test only compares them.
 */
interface XmlNode {
  readonly [name: string]: XmlNode;
}
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SPA_CLIENT_ID = '6f1d2c3b-4a5e-4f60-9b7c-8d9e0f1a2b3c';

/** The parts of the manifest Outlook and the admin centre check, read from the served XML. */
function shapeOf(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  // fast-xml-parser types its result `any`.
  const manifest: XmlNode = parser.parse(text);
  const app = manifest.OfficeApp;
  const form = app.FormSettings.Form;
  const resources = app.VersionOverrides.Resources;
  const requirement = app.Requirements.Sets.Set;
  const rule = app.Rule.Rule;
  return {
    type: app['@xsi:type'],
    id: app.Id,
    name: app.DisplayName['@DefaultValue'],
    icon: app.IconUrl['@DefaultValue'],
    domains: [app.AppDomains.AppDomain].flat(),
    mailbox: [requirement['@Name'], requirement['@MinVersion']],
    formType: form['@xsi:type'],
    pane: form.DesktopSettings.SourceLocation['@DefaultValue'],
    buttonPane: resources['bt:Urls']['bt:Url']['@DefaultValue'],
    permissions: app.Permissions,
    rule: [rule['@ItemType'], rule['@FormType']],
  };
}

describe('the Outlook add-in’s manifest for the admin centre', () => {
  let strussnig: TestApp;
  let rekord: TestApp;
  const manifestOf = async (t: TestApp) => {
    const answer = await t.app.inject({ method: 'GET', url: '/outlook-addin/manifest.xml' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/xml');
    return answer.body;
  };

  beforeAll(async () => {
    strussnig = await createTestApp();
    const config = (await strussnig.app.inject({ method: 'GET', url: '/api/config' })).json<ClientConfig>();
    rekord = await createTestApp({
      tenant: 'rekord',
      publicUrl: 'https://crm.rekord.example',
      clientAuth: { ...config.auth, clientId: SPA_CLIENT_ID.toUpperCase() },
    });
  });
  afterAll(async () => {
    await strussnig?.close();
    await rekord?.close();
  });

  it('is a mail add-in reading the open mail (ReadItem, Mailbox 1.8) with its pane at PUBLIC_URL/crm/outlook', async () => {
    const shape = shapeOf(await manifestOf(strussnig));
    expect(shape).toMatchObject({
      type: 'MailApp',
      name: 'Strussnig CRM',
      icon: `${PUBLIC_URL}/tenants/strussnig/icon-192.png`,
      domains: [PUBLIC_URL],
      mailbox: ['Mailbox', '1.8'],
      formType: 'ItemRead',
      pane: `${PUBLIC_URL}/crm/outlook`,
      buttonPane: `${PUBLIC_URL}/crm/outlook`,
      permissions: 'ReadItem',
      rule: ['Message', 'Read'],
    });
    // The development client id is no GUID: the add-in's id is derived, stable from one start to the next.
    expect(shape.id).toMatch(GUID);
    expect(shapeOf(await manifestOf(strussnig)).id).toBe(shape.id);
  });

  it('takes its addresses from PUBLIC_URL and its id from ENTRA_CLIENT_ID, per tenant', async () => {
    const shape = shapeOf(await manifestOf(rekord));
    expect(shape).toMatchObject({
      id: SPA_CLIENT_ID,
      name: 'Rekord CRM',
      icon: 'https://crm.rekord.example/tenants/rekord/icon-192.png',
      domains: ['https://crm.rekord.example'],
      pane: 'https://crm.rekord.example/crm/outlook',
      permissions: 'ReadItem',
    });
  });

  it('sends the pane’s page with Office.js and a CSP that lets Outlook frame it; every other page keeps both out', async () => {
    // As the browser asks, at the product's own host (another host is sent there first).
    const headers = { host: new URL(PUBLIC_URL).host };
    const pane = await strussnig.app.inject({ method: 'GET', url: '/crm/outlook', headers });
    expect(pane.statusCode).toBe(200);
    const paneCsp = directivesOf(pane.headers['content-security-policy']);
    expect(paneCsp['script-src']).toEqual(["'self'", 'https://appsforoffice.microsoft.com']);
    expect(paneCsp['frame-ancestors']).toEqual([
      "'self'",
      'https://outlook.office.com',
      'https://outlook.office365.com',
      'https://outlook.cloud.microsoft',
    ]);
    expect(pane.headers['x-frame-options']).toBeUndefined();
    expect(pane.body).toContain(
      '<script src="https://appsforoffice.microsoft.com/lib/1/hosted/office.js"></script></head>',
    );
    for (const url of ['/crm/kunden', '/crm/outlook-andere', '/login', '/signed-in.html']) {
      const other = await strussnig.app.inject({ method: 'GET', url, headers });
      const csp = directivesOf(other.headers['content-security-policy']);
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
      expect(other.headers['x-frame-options'], url).toBe('DENY');
      expect(other.body, url).not.toContain('appsforoffice');
    }
  });
});

/** A CSP header's directives by name. */
function directivesOf(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}
