// Plain arithmetic, no MUI: Mein Tag's light page colours its label chips with the same rule as the full app.

// Each sRGB channel value (0–255) in linear light, as WCAG's relative luminance takes it (axe-core's threshold).
const LINEAR = Array.from({ length: 256 }, (_, value) => {
  const channel = value / 255;
  return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
});

/** WCAG's relative luminance of a colour given as 0xRRGGBB. */
export function luminanceOf(rgb: number): number {
  return (
    0.2126 * LINEAR[(rgb >> 16) & 0xff]! + 0.7152 * LINEAR[(rgb >> 8) & 0xff]! + 0.0722 * LINEAR[rgb & 0xff]!
  );
}

/** WCAG's contrast ratio of two luminances (1 to 21). */
export const contrastRatio = (a: number, b: number): number =>
  (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * The text colour on a chip filled with 0xRRGGBB: black or white, whichever contrasts more. One of the two
 * always reaches at least 4.58:1 (the worst fill, luminance 0.179, lies 4.58:1 from both), so every colour a
 * label can have gets AA text (4.5:1) without a shade of its own. Not the theme's text colour: its 87 % black
 * reached only 4.37:1 on #607d8b.
 */
export const textOnRgb = (rgb: number): '#000' | '#fff' => textOnLuminance(luminanceOf(rgb));

/** The text colour (black or white) that contrasts more with a fill of this luminance. */
export const textOnLuminance = (luminance: number): '#000' | '#fff' =>
  contrastRatio(luminance, 1) >= contrastRatio(luminance, 0) ? '#fff' : '#000';

/** 0xRRGGBB of "#rgb" or "#rrggbb", or null for anything else. */
export function parseHexColor(color: string): number | null {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  const hex = short
    ? short
        .slice(1)
        .map((digit) => digit + digit)
        .join('')
    : /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  return hex ? parseInt(hex, 16) : null;
}

/** The text colour on a chip filled with `color` (a label's or status's hex colour); undefined if it is none. */
export function textOn(color: string): '#000' | '#fff' | undefined {
  const rgb = parseHexColor(color);
  return rgb === null ? undefined : textOnRgb(rgb);
}
