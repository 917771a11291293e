/**
 * The two client companies (Strussnig and Rekord, each its own deployment): branding and the company data
 * printed on documents.
 */
import { TENANT_COUNTRY, type CountryCode } from '../../../src/resources/country.rules';
import type { ComponentTheme } from '../../../src/config/appearance';

export type TenantId = 'strussnig' | 'rekord';

export interface Tenant {
  id: TenantId;
  /** Short name as staff say it. */
  name: string;
  loginTitle: string;
  /** Colour of the word mark, used in the manual as well. */
  brandColor: string;
  /**
   * The app's component theme unless THEME or the person chooses another: its colour is the accent of buttons,
   * links and the selected menu entry, and the installed app's colour (manifest, `<meta name="theme-color">`).
   */
  theme: ComponentTheme;
  company: {
    name: string;
    street: string;
    zip: string;
    city: string;
    country: CountryCode;
    phone: string;
    email: string;
    website: string;
    vatId: string;
    register: string;
    bank: string;
    iban: string;
    mailSenderName: string;
    mailSenderAddress: string;
  };
}

export const TENANTS: Record<TenantId, Tenant> = {
  strussnig: {
    id: 'strussnig',
    name: 'Strussnig',
    loginTitle: 'Strussnig Verkaufs-CRM',
    brandColor: '#b3261e',
    theme: 'orange',
    company: {
      name: 'Strussnig Fenster & Türen GmbH',
      street: 'Südring 210',
      zip: '9020',
      city: 'Klagenfurt am Wörthersee',
      country: TENANT_COUNTRY.strussnig,
      phone: '+43 463 31 20 0',
      email: 'office@strussnig.at',
      website: 'www.strussnig.at',
      vatId: 'ATU12345678',
      register: 'FN 123456a, Landesgericht Klagenfurt',
      bank: 'Kärntner Sparkasse',
      iban: 'AT07 2070 6000 0000 1234',
      mailSenderName: 'Strussnig Verkauf',
      mailSenderAddress: 'verkauf@strussnig.at',
    },
  },
  rekord: {
    id: 'rekord',
    name: 'Rekord',
    loginTitle: 'Rekord Vertriebs-CRM',
    brandColor: '#0b4f8a',
    // Blue beside Rekord's blue logo (Strussnig's orange with it looked like another company's app).
    theme: 'blue',
    company: {
      name: 'Rekord-Fenster GmbH',
      street: 'Landsberger Straße 302',
      zip: '80687',
      city: 'München',
      country: TENANT_COUNTRY.rekord,
      phone: '+49 89 54 61 20 0',
      email: 'info@rekord-fenster.de',
      website: 'www.rekord-fenster.de',
      vatId: 'DE123456789',
      register: 'HRB 123456, Amtsgericht München',
      bank: 'Stadtsparkasse München',
      iban: 'DE97 7015 0000 0000 1234 56',
      mailSenderName: 'Rekord Verkauf',
      mailSenderAddress: 'verkauf@rekord-fenster.de',
    },
  },
};
