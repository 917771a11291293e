import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TenantKey } from '../../src/config/companyTime';
import { PROJECT_ROOT } from '../platform/config/envValues';
import { woffToSfnt } from './woffToSfnt';

const require = createRequire(import.meta.url);

/** Roboto (OFL, from @fontsource/roboto): its Latin subset has every German letter, „“, – and €. */
const fontFile = (weight: 400 | 700) =>
  woffToSfnt(readFileSync(require.resolve(`@fontsource/roboto/files/roboto-latin-${weight}-normal.woff`)));

let fonts: { regular: Buffer; bold: Buffer } | undefined;

/** The offer's fonts, read once per process (each PDF embeds only the glyphs it uses). */
export function offerFonts() {
  fonts ??= { regular: fontFile(400), bold: fontFile(700) };
  return fonts;
}

const logos = new Map<TenantKey, string>();

/**
 * The tenant's logo as the web app shows it (public/tenants/<tenant>/logo.svg), with numeric weights
 * turned into "bold": svg-to-pdfkit only knows the word.
 */
export function tenantLogoSvg(tenant: TenantKey): string {
  let svg = logos.get(tenant);
  if (!svg) {
    const file = path.join(PROJECT_ROOT, 'public', 'tenants', tenant, 'logo.svg');
    svg = readFileSync(file, 'utf8').replace(/font-weight="[6-9]00"/g, 'font-weight="bold"');
    logos.set(tenant, svg);
  }
  return svg;
}
