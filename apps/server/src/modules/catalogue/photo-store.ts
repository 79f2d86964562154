import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PHOTO_LIMITS, PHOTO_WIDTHS, type PhotoFormat } from '@crust/domain/catalogue-admin';
import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import * as repo from './repo.ts';
import { CATALOGUE_TEXTS as T } from './texts.ts';

/** One rendition of a food photo: a width of the menu's, in one format. */
export interface Rendition {
  photoId: string;
  width: number;
  height: number;
  format: PhotoFormat;
  bytes: Uint8Array;
}

/**
 * Where food photos' renditions are kept (issue 30 §2). The database today (`DbPhotoStore`: one store for every
 * server process, on PGlite and PostgreSQL alike); an object store (S3 or the like, behind a CDN) can take its
 * place by implementing the same three calls. `put` is idempotent: a photo's id is its content's hash.
 */
export interface PhotoStore {
  put(db: Db, renditions: readonly Rendition[]): Promise<void>;
  get(photoId: string, width: number, format: PhotoFormat): Promise<Uint8Array | null>;
}

export class DbPhotoStore implements PhotoStore {
  constructor(private readonly db: Db) {}

  async put(db: Db, renditions: readonly Rendition[]): Promise<void> {
    await repo.insertPhotos(
      db,
      renditions.map((r) => ({ ...r, bytes: Buffer.from(r.bytes) })),
    );
  }

  async get(photoId: string, width: number, format: PhotoFormat): Promise<Uint8Array | null> {
    const row = await repo.photoBytes(this.db, { photoId, width, format });
    return row ? row.bytes : null;
  }
}

const bad = (code: string, text: string) => httpError(400, code, text, { field: 'body' });

/** What the bytes are, by their first bytes (never by the name or the Content-Type they came with). */
export function imageKind(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  const at = (i: number, ...want: number[]) => want.every((b, k) => bytes[i + k] === b);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

/**
 * An uploaded photo checked and resized (issue 30 §2): JPEG, PNG or WebP by its bytes, at most 5 MB, 320 to 6000
 * pixels each side (else 400 with a message saying which), turned upright by its EXIF orientation, and made into
 * the menu's widths (160, 320, 640, none wider than the photo) in WebP and JPEG, its metadata left out.
 */
export async function renditionsOf(bytes: Uint8Array): Promise<Rendition[]> {
  if (bytes.length > PHOTO_LIMITS.maxBytes) throw bad('PHOTO_TOO_LARGE', T.tooLarge);
  if (!imageKind(bytes)) throw bad('NOT_AN_IMAGE', T.notAnImage);
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: PHOTO_LIMITS.maxSide ** 2 }).metadata();
    width = meta.autoOrient.width;
    height = meta.autoOrient.height;
  } catch {
    throw bad('UNREADABLE_PHOTO', T.unreadable);
  }
  if (width < PHOTO_LIMITS.minSide || height < PHOTO_LIMITS.minSide) throw bad('PHOTO_TOO_SMALL', T.tooSmall);
  if (width > PHOTO_LIMITS.maxSide || height > PHOTO_LIMITS.maxSide) throw bad('PHOTO_TOO_BIG', T.tooBig);
  const photoId = `P${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}`;
  const widths = PHOTO_WIDTHS.filter((w) => w <= width);
  try {
    return await Promise.all(
      widths.flatMap((w) =>
        (['webp', 'jpeg'] as const).map(async (format) => {
          const resized = sharp(bytes, { limitInputPixels: PHOTO_LIMITS.maxSide ** 2 })
            .rotate()
            .resize({ width: w });
          const out = await (
            format === 'webp'
              ? resized.webp({ quality: 78 })
              : resized.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true })
          ).toBuffer({ resolveWithObject: true });
          return { photoId, width: out.info.width, height: out.info.height, format, bytes: out.data };
        }),
      ),
    );
  } catch {
    throw bad('UNREADABLE_PHOTO', T.unreadable);
  }
}
