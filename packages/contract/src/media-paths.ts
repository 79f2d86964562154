import type { API_PREFIX } from './paths.ts';

/**
 * Where food photos are served (issue 30 §2). The customer app never builds these: the menu hands it each photo's
 * URLs, so they stay out of its first download (bench/bundle-size.mjs), as CONSOLE_PATHS do.
 */
export const MEDIA_PATHS = {
  /** a food photo's rendition, e.g. …/photos/Pab12…/320.webp: immutable, its id is its content's hash */
  photo: '/api/v1/photos/:photoId/:file',
} as const satisfies Record<string, `${typeof API_PREFIX}/${string}`>;
