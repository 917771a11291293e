// The installable app's icons: PNGs drawn at build time from each tenant's favicon.svg (square, shapes only, no
// text), because Android's install prompt and the home screen want PNGs of 192 and 512 px. The "maskable" one
// puts the mark on the tenant's colour inside the middle 80 % (the part every launcher's mask keeps); iOS's
// apple-touch-icon (180 px) is drawn the same way: iOS rounds the corners itself and shows transparency as black.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import type { Plugin } from 'vite';
import { TENANT_ICON_FILES as FILES } from '../src/config/tenantIcons.rules';

const TENANTS_DIR = fileURLToPath(new URL('../public/tenants/', import.meta.url));
const WASM = fileURLToPath(new URL('../node_modules/@resvg/resvg-wasm/index_bg.wasm', import.meta.url));

/** The favicon drawn on a full square of its own first colour, scaled into the safe zone. */
function maskable(svg: string): string {
  const background = /fill="(#[0-9a-fA-F]{3,6})"/.exec(svg)?.[1] ?? '#ffffff';
  const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${background}"/>` +
    `<g transform="translate(4 4)">${inner}</g></svg>`
  );
}

function png(svg: string, size: number): Uint8Array {
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render();
  const bytes = image.asPng();
  image.free();
  return bytes;
}

let wasmReady: Promise<void> | undefined;

/** Vite plugin: writes tenants/<tenant>/icon-*.png into the build (production build only). */
export function tenantIcons(): Plugin {
  return {
    name: 'fenster-crm:tenant-icons',
    apply: 'build',
    async generateBundle() {
      wasmReady ??= initWasm(readFileSync(WASM));
      await wasmReady;
      for (const tenant of readdirSync(TENANTS_DIR)) {
        const svg = readFileSync(`${TENANTS_DIR}${tenant}/favicon.svg`, 'utf8');
        const sources: Record<(typeof FILES)[keyof typeof FILES], Uint8Array> = {
          [FILES.any192]: png(svg, 192),
          [FILES.any512]: png(svg, 512),
          [FILES.maskable512]: png(maskable(svg), 512),
          [FILES.appleTouch]: png(maskable(svg), 180),
        };
        for (const [file, source] of Object.entries(sources)) {
          this.emitFile({ type: 'asset', fileName: `tenants/${tenant}/${file}`, source });
        }
      }
    },
  };
}
