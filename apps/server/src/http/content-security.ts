import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/app-config.ts';
import { inlineScriptSources } from './inline-scripts.ts';
import { securityHeaders } from './security-headers.ts';

/** The origins Crust's pages post payment forms to (Razorpay's API, PayU's payment page). */
function gatewayFormOrigins(payments: AppConfig['payments']): string[] {
  const urls = [payments.razorpay?.baseUrl, payments.payu?.paymentUrl].filter((u): u is string => Boolean(u));
  return [...new Set(urls.map((u) => new URL(u).origin))];
}

/**
 * The security headers on every answer, with the content security policy: this origin only, but for the app
 * shell's own inline scripts (`appShell`: the built index.html, null without a web build), the map's tiles and
 * the gateways' payment forms.
 */
export function installContentSecurity(
  app: FastifyInstance,
  config: AppConfig,
  appShell: string | null,
): void {
  securityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(appShell !== null ? inlineScriptSources(appShell) : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(config.mapTileUrl ? [new URL(config.mapTileUrl.replace(/[{}]/g, '')).origin] : []),
        ],
        connectSrc: ["'self'"],
        // a partner host (its sandbox page here) frames the app as a mini-app: this origin only, never another
        frameAncestors: ["'self'"],
        // the card and UPI forms post straight to the gateway (decision 010), which may live on another origin
        formAction: ["'self'", ...gatewayFormOrigins(config.payments)],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    xFrameOptions: { action: 'sameorigin' },
    crossOriginEmbedderPolicy: false,
  });
}
