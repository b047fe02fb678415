import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { aedErrorKeys } from '../../../../contract/aed.errors';
import { errorKeys } from '../../../../contract/errors';
import type { AppContext } from '../../context';
import { aedFiles, aeds } from '../../db/schema/aeds';
import { AppError, badRequest, notFound } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { pictureOf } from './mapper';
import { maxPictureBytes, picturesFolder } from './settings';
import { findVisibleAed, visibleSites } from './tenancy';

/** A checked picture, re-encoded (EXIF orientation applied, metadata such as GPS removed). */
export interface CheckedPicture {
  originalName: string;
  buffer: Buffer;
  mime: string;
  extension: 'jpg' | 'png' | 'webp' | 'gif';
}

const formats = {
  jpeg: { mime: 'image/jpeg', extension: 'jpg' },
  png: { mime: 'image/png', extension: 'png' },
  webp: { mime: 'image/webp', extension: 'webp' },
  gif: { mime: 'image/gif', extension: 'gif' },
} as const;

/**
 * Checks a picture by its content, never by its name: anything libvips cannot decode as JPEG, PNG,
 * WebP or GIF is 415 error.aed.picture-not-image; over 5 MB is 413 error.aed.picture-too-large.
 */
export async function checkPicture(originalName: string, buffer: Buffer): Promise<CheckedPicture> {
  if (buffer.length > maxPictureBytes) throw new AppError(413, aedErrorKeys.pictureTooLarge);
  let format: keyof typeof formats;
  try {
    const metadata = await sharp(buffer, { failOn: 'error', limitInputPixels: 60_000_000 }).metadata();
    if (!metadata.format || !(metadata.format in formats) || !metadata.width || !metadata.height) throw new Error('not an image');
    format = metadata.format as keyof typeof formats;
    // Decode fully once: a truncated or forged file fails here.
    const image = sharp(buffer, { failOn: 'error', limitInputPixels: 60_000_000 });
    const output = format === 'gif' ? buffer : await image.rotate().toFormat(format, format === 'jpeg' ? { quality: 88 } : {}).toBuffer();
    return { originalName: originalName.slice(0, 255), buffer: output, ...formats[format] };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(415, aedErrorKeys.pictureNotImage, { file: originalName.slice(0, 255) });
  }
}

/** What a patchAed request carries: the JSON patch and the checked pictures. */
export interface PatchInput {
  body: unknown;
  pictures: CheckedPicture[];
}

/**
 * Reads a patchAed request: plain JSON, or multipart with a JSON field `data` and picture files
 * (any file field). Every picture is checked before anything is written.
 */
export async function readPatchInput(request: FastifyRequest): Promise<PatchInput> {
  if (!request.isMultipart()) return { body: request.body ?? {}, pictures: [] };
  let body: unknown = {};
  const files: { name: string; buffer: Buffer }[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') files.push({ name: part.filename || 'picture', buffer: await part.toBuffer() });
      else if (part.fieldname === 'data') body = JSON.parse(String(part.value));
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, aedErrorKeys.pictureTooLarge);
    if (error instanceof SyntaxError) throw badRequest(errorKeys.validation, [{ field: 'data', message: 'invalid JSON' }]);
    throw error;
  }
  const pictures: CheckedPicture[] = [];
  for (const file of files) pictures.push(await checkPicture(file.name, file.buffer));
  return { body, pictures };
}

/** Writes checked pictures to disk; returns the rows to insert and a clean-up for a failed transaction. */
export async function writePictures(ctx: AppContext, pictures: CheckedPicture[]) {
  const folder = picturesFolder(ctx);
  await mkdir(folder, { recursive: true });
  const written: { filename: string; originalName: string; mime: string; size: number }[] = [];
  for (const picture of pictures) {
    const filename = `${randomUUID()}.${picture.extension}`;
    await writeFile(join(folder, filename), picture.buffer);
    written.push({ filename, originalName: picture.originalName, mime: picture.mime, size: picture.buffer.length });
  }
  return {
    rows: written,
    async discard() {
      await Promise.all(written.map((file) => unlink(join(folder, file.filename)).catch(() => undefined)));
    },
  };
}

/** A picture row when its AED belongs to the caller's tree; 404 otherwise. */
async function visiblePicture(ctx: AppContext, session: Session, condition: ReturnType<typeof eq>) {
  const [row] = await ctx.database.db
    .select({ file: aedFiles, idSite: aeds.idSite, udid: aeds.udid })
    .from(aedFiles)
    .innerJoin(aeds, eq(aeds.id, aedFiles.aedId))
    .where(condition);
  const sites = await visibleSites(ctx, session);
  if (!row || !sites.some((site) => site.id === row.idSite)) throw notFound(aedErrorKeys.pictureNotFound);
  return row;
}

/** GET aed/getFile/{id}: the bytes and type of a picture. */
export async function readPicture(ctx: AppContext, session: Session, id: string) {
  if (!/^\d{1,10}$/.test(id)) throw notFound(aedErrorKeys.pictureNotFound);
  const { file } = await visiblePicture(ctx, session, eq(aedFiles.id, Number(id)));
  const buffer = await readFile(join(picturesFolder(ctx), file.filename)).catch(() => undefined);
  if (!buffer) throw notFound(aedErrorKeys.pictureNotFound);
  return { buffer, mime: file.mime, filename: file.filename };
}

/** PATCH backOffice/file/rotatePicture/{fileName}?degrees: turns the stored picture (clockwise for positive degrees). */
export async function rotatePicture(ctx: AppContext, session: Session, fileName: string, degrees: number) {
  const { file } = await visiblePicture(ctx, session, eq(aedFiles.filename, fileName));
  const path = join(picturesFolder(ctx), file.filename);
  const normalised = (((degrees % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  if (normalised !== 0 && file.mime !== 'image/gif') {
    try {
      const rotated = await sharp(await readFile(path)).rotate(normalised).toBuffer();
      // Write then rename: a reader never sees half a picture.
      await writeFile(`${path}.tmp`, rotated);
      await rename(`${path}.tmp`, path);
      file.size = rotated.length;
    } catch {
      throw new AppError(500, aedErrorKeys.pictureRotate);
    }
  }
  const [updated] = await ctx.database.db
    .update(aedFiles)
    .set({ rotation: (file.rotation + normalised) % 360, size: file.size })
    .where(eq(aedFiles.id, file.id))
    .returning();
  return pictureOf(updated);
}

/** DELETE aed/pictures/{a}/{b}: a is the AED (udid or id), b the picture (id or file name). */
export async function deletePicture(ctx: AppContext, session: Session, aedKey: string, pictureKey: string) {
  const { aed } = await findVisibleAed(ctx, session, aedKey);
  const [file] = await ctx.database.db
    .select()
    .from(aedFiles)
    .where(/^\d{1,10}$/.test(pictureKey) ? eq(aedFiles.id, Number(pictureKey)) : eq(aedFiles.filename, pictureKey));
  if (!file || file.aedId !== aed.id) throw notFound(aedErrorKeys.pictureNotFound);
  await ctx.database.db.delete(aedFiles).where(eq(aedFiles.id, file.id));
  await unlink(join(picturesFolder(ctx), file.filename)).catch(() => undefined);
  return { id: file.id, deleted: true };
}
