import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import {
  AdminProductResponseSchema,
  PhotoUploadQuerySchema,
  ProductParams,
} from '@crust/contract/menu-admin';
import { MEDIA_PATHS } from '@crust/contract/media-paths';
import { PHOTO_LIMITS } from '@crust/domain/catalogue-admin';
import { httpError } from '../../http/errors.ts';
import { ok, staffRefusals } from '../../http/route-answers.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { StaffGuard } from '../staff/guard.ts';
import type { MenuAdmin } from './admin.ts';
import { CATALOGUE_TEXTS as T } from './texts.ts';

const PhotoParams = z.object({
  photoId: z.string().regex(/^P[A-Za-z0-9_-]{22}$/, 'no such photo'),
  file: z.string().regex(/^(160|320|640)\.(webp|jpg)$/, 'no such photo'),
});

/**
 * Food photos (issue 30 §2): the chain admin uploads one for a product (the image's bytes as the body, whatever
 * Content-Type it is sent with: what it is is read from its bytes), and anyone fetches its renditions at a URL
 * that never changes meaning, cached for a year.
 */
export async function photoRoutes(
  app: FastifyInstance,
  admin: MenuAdmin,
  { forStaff, staffOf }: StaffGuard,
): Promise<void> {
  await app.register(async (scope) => {
    // the upload's body is the photo, read up to one byte past the limit: a larger one is refused as the others
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let ended = false;
      payload.on('data', (chunk: Buffer) => {
        if (ended) return;
        size += chunk.length;
        if (size > PHOTO_LIMITS.maxBytes) {
          ended = true;
          payload.resume();
          done(httpError(400, 'PHOTO_TOO_LARGE', T.tooLarge, { field: 'body' }), undefined);
          return;
        }
        chunks.push(chunk);
      });
      payload.on('end', () => {
        if (!ended) done(null, Buffer.concat(chunks));
      });
      payload.on('error', (err) => {
        if (!ended) done(err, undefined);
      });
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      CONSOLE_PATHS.menuProductPhoto,
      {
        ...forStaff('menu'),
        bodyLimit: PHOTO_LIMITS.maxBytes * 2,
        schema: routeSchema(
          'store',
          "A product's food photo: JPEG, PNG or WebP, at most 5 MB, 320–6000 px each side; resized for the menu",
          {
            params: ProductParams,
            querystring: PhotoUploadQuerySchema,
            response: { 200: AdminProductResponseSchema, 400: ErrorResponseSchema, ...staffRefusals },
          },
        ),
      },
      async (req) => {
        const body = req.body;
        if (!Buffer.isBuffer(body) || body.length === 0)
          throw httpError(400, 'NOT_AN_IMAGE', T.notAnImage, { field: 'body' });
        return ok({
          product: await admin.setPhoto(staffOf(req), req.params.productCode, req.query.version, body),
        });
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    MEDIA_PATHS.photo,
    {
      schema: routeSchema('menu', "A food photo's rendition (WebP or JPEG, 160/320/640 px wide): immutable", {
        params: PhotoParams,
        // the image's bytes: Fastify sends a Buffer as it is, never through a serializer
        response: { 200: z.any().describe('image/webp or image/jpeg'), 404: ErrorResponseSchema },
      }),
    },
    async (req, reply) => {
      const [width, ext] = req.params.file.split('.') as [string, 'webp' | 'jpg'];
      const format = ext === 'jpg' ? 'jpeg' : 'webp';
      const bytes = await admin.photos.get(req.params.photoId, Number(width), format);
      if (!bytes) throw httpError(404, 'NOT_FOUND', T.noPhoto);
      return reply
        .type(format === 'jpeg' ? 'image/jpeg' : 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(Buffer.from(bytes));
    },
  );
}
