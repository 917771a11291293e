/** Whether a recipient is worth trying: one @, a dot in the domain, no spaces (the server checks it too). */
export const looksLikeEmail = (address: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address);
