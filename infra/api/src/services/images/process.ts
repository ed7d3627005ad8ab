import sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { OWNER_LIMITS } from 'shared-kernel/schemas';
import { messages } from 'shared-kernel/messages';
import { ApiError } from '../../lib/api-error';
import { BmpError, decodeBmp } from './bmp';
import { sniffImageKind, type ImageKind } from './sniff';
import { coverFileName, type FileStorage } from '../storage';

/**
 * Beyond ~40 megapixels a 9.9 MB file is a decompression bomb, not a photo: a 16k × 16k png
 * would take a gigabyte of memory to decode.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

export interface ProcessedImage {
  data: Buffer;
  ext: 'jpg' | 'png';
  width: number;
  height: number;
}

export const invalidFileType = () => new ApiError(400, 'INVALID_FILE_TYPE', messages.errors.images.invalidFileType);
export const fileTooLarge = (status = 413) => new ApiError(status, 'FILE_TOO_LARGE', messages.errors.images.fileTooLarge);

/**
 * An upload as it is stored: decoded (so a file that only starts like an image is refused),
 * EXIF orientation applied, scaled down to `maxWidth` keeping the aspect ratio (never up), and
 * re-encoded without metadata. jpeg stays jpeg; png and bmp become png (lossless in, lossless out).
 */
export async function processUpload(input: Buffer, maxWidth: number): Promise<ProcessedImage> {
  if (input.length > OWNER_LIMITS.imageBytesMax) throw fileTooLarge();
  const kind = sniffImageKind(input);
  if (!kind) throw invalidFileType();
  const pipeline = await open(input, kind);
  return encode(pipeline.autoOrient().resize({ width: maxWidth, withoutEnlargement: true }), kind === 'jpeg' ? 'jpg' : 'png');
}

/**
 * The cover copy of a stored image, or null when the image is narrow enough to be the cover
 * itself. Stored images are already oriented and stripped; this only scales.
 */
export async function coverCopy(stored: Buffer): Promise<ProcessedImage | null> {
  const kind = sniffImageKind(stored);
  if (kind !== 'jpeg' && kind !== 'png') throw invalidFileType();
  // A stored file that does not decode is no upload of ours: refuse it, never a 500.
  const width = await sharp(stored)
    .metadata()
    .then((m) => m.width)
    .catch(() => {
      throw invalidFileType();
    });
  if (width <= OWNER_LIMITS.coverWidthMax) return null;
  return encode(sharp(stored).resize({ width: OWNER_LIMITS.coverWidthMax, withoutEnlargement: true }), kind === 'jpeg' ? 'jpg' : 'png');
}

async function open(input: Buffer, kind: ImageKind): Promise<Sharp> {
  if (kind === 'bmp') {
    try {
      const raw = decodeBmp(input, MAX_INPUT_PIXELS);
      return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
    } catch (error) {
      if (error instanceof BmpError) throw error.message === 'bad bmp size' ? fileTooLarge(400) : invalidFileType();
      throw error;
    }
  }
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw invalidFileType();
  }
  // The magic bytes and the decoder must agree (a png signature glued onto a jpeg is neither).
  if (meta.format !== kind) throw invalidFileType();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw fileTooLarge(400);
  return sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
}

async function encode(pipeline: Sharp, ext: 'jpg' | 'png'): Promise<ProcessedImage> {
  const encoded = ext === 'jpg' ? pipeline.jpeg({ quality: 82, mozjpeg: false }) : pipeline.png();
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, ext, width: info.width, height: info.height };
  } catch {
    // Truncated or corrupt pixel data behind a valid header.
    throw invalidFileType();
  }
}

/**
 * The cover is the 435 px copy of the first image (spec 5). When a wider image becomes first (a new
 * product, a reorder, a deleted cover), its cover copy is written as `X-cover.ext` beside `X.ext`,
 * which stays as the cover's large rendition (`largeFileNameOf`); null when the first image is
 * narrow enough already. Files are immutable once served: a copy written before is reused.
 */
export async function writeCoverFor(storage: FileStorage, fileName: string): Promise<string | null> {
  const stored = await storage.get(fileName);
  if (!stored) return null;
  const copy = await coverCopy(stored);
  if (!copy) return null;
  // The copy keeps the image's kind, so the original's extension fits it.
  const name = coverFileName(fileName);
  if (!(await storage.exists(name))) await storage.put(name, copy.data);
  return name;
}
