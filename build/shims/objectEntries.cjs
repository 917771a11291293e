// node-polyglot (react-admin's translations) requires the `object.entries` polyfill, which brings about 40 kB
// of ES5 shims (get-intrinsic, call-bind, define-properties …) into every signed-in page. Every browser the
// CRM supports has Object.entries; the build resolves the polyfill to it (vite.config.ts).
module.exports = Object.entries;
