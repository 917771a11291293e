// The offer page's geometry (points) and colours, shared by its parts.
export const LEFT = 56;
export const RIGHT = 56;
export const TOP = 56;
/** Space kept free at the bottom of each page for the footer. */
export const FOOTER = 74;
export const TEXT = '#222222';
export const MUTED = '#666666';
export const SIZE = 9.5;
