import { createHash } from 'node:crypto';
import type { Tenant } from '../platform/config/tenants';

/** Where IT downloads the add-in's manifest for the admin centre (docs/entra-setup.md). */
export const MANIFEST_PATH = '/outlook-addin/manifest.xml';

/** What the add-in manifest is made of: the deployment's address, its SPA registration and its company. */
export interface AddinManifestInput {
  /** PUBLIC_URL: the task pane, the icons and the add-in's only app domain live there. */
  publicUrl: string;
  /** ENTRA_CLIENT_ID (the SPA registration the pane signs in with). */
  clientId: string;
  tenant: Pick<Tenant, 'id' | 'name' | 'company'>;
}

/** The address of the task pane, also the `<SourceLocation>` of the manifest. */
export const PANE_PATH = '/crm/outlook';
/** Outlook's requirement set the pane reads the open mail with (`getAttachmentContentAsync` came in 1.8). */
export const MAILBOX_REQUIREMENT = '1.8';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The add-in's id: the SPA registration's client id (a GUID, one per deployment, stable), so that the admin centre
 * lists Strussnig's and Rekord's add-ins apart and a new manifest replaces the old one. A development client id
 * that is no GUID gets one derived from the address.
 */
export function addinId(input: Pick<AddinManifestInput, 'publicUrl' | 'clientId'>): string {
  if (GUID.test(input.clientId)) return input.clientId.toLowerCase();
  const hex = createHash('sha256').update(`fenster-crm-outlook:${input.publicUrl}`).digest('hex');
  // The shape of a version 4 GUID (version and variant bits set), as the manifest's schema wants.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The XML add-in-only manifest (MailApp) of the Outlook side panel, for central deployment in the Microsoft 365
 * admin centre: read mode of a mail, a button "Fenster CRM" on the ribbon that opens the task pane at /crm/outlook,
 * permission ReadItem (the open mail and its attachments, nothing else of the mailbox), Mailbox 1.8. The pane signs
 * in by nested app authentication, which needs no entry in the manifest (no WebApplicationInfo: that is the older
 * Office SSO, which the CRM does not use).
 */
export function addinManifestXml(input: AddinManifestInput): string {
  const origin = new URL(input.publicUrl).origin;
  const pane = `${origin}${PANE_PATH}`;
  const icon = `${origin}/tenants/${input.tenant.id}/icon-192.png`;
  const name = xml(`${input.tenant.name} CRM`);
  const description = xml(
    'Zeigt zur geöffneten E-Mail den Kunden im Fenster CRM, seine offenen Vorgänge und das letzte Angebot; legt die E-Mail mit Anhängen ab.',
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<OfficeApp xmlns="http://schemas.microsoft.com/office/appforoffice/1.1"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:bt="http://schemas.microsoft.com/office/officeappbasictypes/1.0"
  xmlns:mailappor="http://schemas.microsoft.com/office/mailappversionoverrides/1.0"
  xsi:type="MailApp">
  <Id>${addinId(input)}</Id>
  <Version>1.0.0.0</Version>
  <ProviderName>${xml(input.tenant.company.name)}</ProviderName>
  <DefaultLocale>de-DE</DefaultLocale>
  <DisplayName DefaultValue="${name}"/>
  <Description DefaultValue="${description}"/>
  <IconUrl DefaultValue="${xml(icon)}"/>
  <HighResolutionIconUrl DefaultValue="${xml(icon)}"/>
  <SupportUrl DefaultValue="${xml(`${origin}/`)}"/>
  <AppDomains>
    <AppDomain>${xml(origin)}</AppDomain>
  </AppDomains>
  <Hosts>
    <Host Name="Mailbox"/>
  </Hosts>
  <Requirements>
    <Sets>
      <Set Name="Mailbox" MinVersion="${MAILBOX_REQUIREMENT}"/>
    </Sets>
  </Requirements>
  <FormSettings>
    <Form xsi:type="ItemRead">
      <DesktopSettings>
        <SourceLocation DefaultValue="${xml(pane)}"/>
        <RequestedHeight>450</RequestedHeight>
      </DesktopSettings>
    </Form>
  </FormSettings>
  <Permissions>ReadItem</Permissions>
  <Rule xsi:type="RuleCollection" Mode="Or">
    <Rule xsi:type="ItemIs" ItemType="Message" FormType="Read"/>
  </Rule>
  <DisableEntityHighlighting>true</DisableEntityHighlighting>
  <VersionOverrides xmlns="http://schemas.microsoft.com/office/mailappversionoverrides" xsi:type="VersionOverridesV1_0">
    <Requirements>
      <bt:Sets DefaultMinVersion="${MAILBOX_REQUIREMENT}">
        <bt:Set Name="Mailbox"/>
      </bt:Sets>
    </Requirements>
    <Hosts>
      <Host xsi:type="MailHost">
        <DesktopFormFactor>
          <ExtensionPoint xsi:type="MessageReadCommandSurface">
            <OfficeTab id="TabDefault">
              <Group id="crmGroup">
                <Label resid="groupLabel"/>
                <Control xsi:type="Button" id="crmPaneButton">
                  <Label resid="buttonLabel"/>
                  <Supertip>
                    <Title resid="buttonLabel"/>
                    <Description resid="buttonTip"/>
                  </Supertip>
                  <Icon>
                    <bt:Image size="16" resid="icon"/>
                    <bt:Image size="32" resid="icon"/>
                    <bt:Image size="80" resid="icon"/>
                  </Icon>
                  <Action xsi:type="ShowTaskpane">
                    <SourceLocation resid="paneUrl"/>
                  </Action>
                </Control>
              </Group>
            </OfficeTab>
          </ExtensionPoint>
        </DesktopFormFactor>
      </Host>
    </Hosts>
    <Resources>
      <bt:Images>
        <bt:Image id="icon" DefaultValue="${xml(icon)}"/>
      </bt:Images>
      <bt:Urls>
        <bt:Url id="paneUrl" DefaultValue="${xml(pane)}"/>
      </bt:Urls>
      <bt:ShortStrings>
        <bt:String id="groupLabel" DefaultValue="${name}"/>
        <bt:String id="buttonLabel" DefaultValue="Fenster CRM"/>
      </bt:ShortStrings>
      <bt:LongStrings>
        <bt:String id="buttonTip" DefaultValue="Kunde, offene Vorgänge und letztes Angebot zur E-Mail; E-Mail im CRM ablegen."/>
      </bt:LongStrings>
    </Resources>
  </VersionOverrides>
</OfficeApp>
`;
}
