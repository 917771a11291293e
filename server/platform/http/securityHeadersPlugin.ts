import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  isOutlookPaneAddress,
  OFFICE_JS_URL,
  OUTLOOK_FRAME_ORIGINS,
} from '../../../src/auth/outlookPane.rules';

export interface SecurityHeadersOptions {
  /** The product's address; https turns on HSTS and the upgrade of insecure requests. */
  publicUrl: string;
  /** Other origins the browser talks to (Microsoft sign-in and Graph in Entra mode, an API elsewhere). */
  connectOrigins: readonly string[];
  /** Origins MSAL may open in a hidden frame to renew tokens silently (the Entra authority). */
  frameOrigins: readonly string[];
}

/**
 * The Content Security Policy of the web app, the sign-in pages and the API documentation; with `outlookPane` that
 * of the Outlook side panel's page, which alone may run Office.js from Microsoft's CDN and be framed by Outlook.
 */
export function contentSecurityPolicy(
  options: SecurityHeadersOptions,
  outlookPane = false,
): Record<string, string[]> {
  const https = new URL(options.publicUrl).protocol === 'https:';
  return {
    'default-src': ["'self'"],
    // Scripts only from our own files (and on the side panel Office.js's host): no inline script, no eval.
    'script-src': ["'self'", ...(outlookPane ? [new URL(OFFICE_JS_URL).origin] : [])],
    // Emotion (MUI) writes <style> elements at run time and the sign-in pages carry their own <style>.
    'style-src': ["'self'", "'unsafe-inline'"],
    // The profile picture from Graph arrives as a blob; MUI icons and charts use data: URIs.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...options.connectOrigins],
    // Dateien previews a PDF from a blob of the downloaded bytes in a frame.
    'frame-src': ["'self'", 'blob:', ...options.frameOrigins],
    'frame-ancestors': outlookPane ? ["'self'", ...OUTLOOK_FRAME_ORIGINS] : ["'none'"],
    'form-action': ["'self'", ...options.frameOrigins],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Browser features the app may use: the camera for its own pages (the phone's "Besuch erfassen" takes
 * photos), nothing else that reaches a person's devices, location or money.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
].join(', ');

/**
 * Security headers on every answer (@fastify/helmet): the CSP above, nosniff, a strict referrer policy,
 * no framing, the permissions policy above, and HSTS only when the product is served over https (HSTS on plain http would be ignored
 * at best and pin a developer's localhost at worst).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  const https = new URL(options.publicUrl).protocol === 'https:';
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // MSAL's redirect flow works in one window; a popup sign-in would need 'same-origin-allow-popups'.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const paneHeader = Object.entries(contentSecurityPolicy(options, true))
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // The side panel's page: Outlook on the web shows it in a frame, which X-Frame-Options would forbid outright.
    if (isOutlookPaneAddress(request.url)) {
      reply.header('content-security-policy', paneHeader).removeHeader('x-frame-options');
    }
  });
});
