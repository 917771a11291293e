import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  luminanceOf,
  parseHexColor,
  textOn,
  textOnLuminance,
  textOnRgb,
} from '../../src/resources/generic/chipColors';
import labelEntity from '../../src/resources/labels/label.entity';

describe('a chip’s text colour on its label colour', () => {
  it('reaches WCAG AA (4.5:1) on every colour the admin’s colour picker offers (all 16,777,216)', () => {
    // The label form's colour is an <input type="color"> with any #rrggbb (its rule below says so).
    const colorField = labelEntity.fields.find((field) => field.source === 'color')!;
    expect(colorField.type).toBe('color');
    let worst = { ratio: Infinity, rgb: 0 };
    const black = luminanceOf(0x000000);
    const white = luminanceOf(0xffffff);
    for (let rgb = 0; rgb <= 0xffffff; rgb++) {
      // textOnRgb(rgb) is textOnLuminance(luminanceOf(rgb)); the luminance is needed here anyway.
      const fill = luminanceOf(rgb);
      const ratio = contrastRatio(fill, textOnLuminance(fill) === '#fff' ? white : black);
      if (ratio < worst.ratio) worst = { ratio, rgb };
    }
    expect(worst.ratio, `#${worst.rgb.toString(16).padStart(6, '0')}`).toBeGreaterThanOrEqual(4.5);
    // About 2 s on an idle core: 16.7 million colours.
  }, 30_000);

  it('gives the colours axe found too weak with the theme’s dark text full black, and white where it reads better', () => {
    // #607d8b "Rückruf" and #00897b "Montage offen": 87 % black reached 4.37 and 4.44:1.
    expect(textOn('#607d8b')).toBe('#000');
    expect(textOnRgb(0x607d8b)).toBe('#000');
    expect(textOn('#00897b')).toBe('#000');
    expect(textOn('#3949ab')).toBe('#fff');
    expect(textOn('#fdd835')).toBe('#000');
    expect(contrastRatio(luminanceOf(0x607d8b), 0)).toBeGreaterThan(4.5);
  });

  it('reads #rgb and #rrggbb and nothing else', () => {
    expect(parseHexColor('#FFF')).toBe(0xffffff);
    expect(parseHexColor('#00897b')).toBe(0x00897b);
    expect(parseHexColor('rot')).toBeNull();
    expect(textOn('var(--x)')).toBeUndefined();
  });
});
