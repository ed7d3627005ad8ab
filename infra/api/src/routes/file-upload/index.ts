import multipart from '@fastify/multipart';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages';
import { OWNER_LIMITS, UploadedFileNames } from 'shared-kernel/schemas';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error';
import { requireUser } from '../../plugins/session';
import { responses } from '../../schemas/responses';
import { fileTooLarge, processUpload } from '../../services/images';
import { UPLOAD_LIMIT } from '../../plugins/abuse-limits';
import { uploadedFileName } from '../../services/storage';
import { assertMayManageProducts } from '../product-images/access';

const FIELD = 'files';

const UploadQuery = z.object({
  /** The first file is the product's cover: at most 435 px wide instead of 2000. */
  cover: z.enum(['true', 'false']).optional(),
});

/**
 * The multipart form, for the OpenAPI document only: the parts are read from the stream by the
 * handler (so a fifth file or a 10 MB one is refused while it arrives), never validated as a body.
 */
const UploadForm = z.object({
  files: z.array(z.string()).min(1).max(OWNER_LIMITS.imagesMax),
  cover: z.enum(['true', 'false']).optional(),
});

/** The app's zod compiler for the query; the body is the stream, read by the handler. */
const streamedBodyValidator: FastifySchemaCompiler<z.ZodType> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route);

const tooManyImages = () => new ApiError(400, 'TOO_MANY_IMAGES', messages.validation.maxImages);
const malformed = (detail: string) => new ApiError(400, 'VALIDATION_ERROR', detail);

/** @fastify/multipart's and busboy's own refusals, as the codes of spec 8 (never a 500). */
function multipartError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge();
    case 'FST_FILES_LIMIT':
      return tooManyImages();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.errors.request.sendImagesAsMultipart);
    default:
      return malformed(messages.errors.request.malformedMultipart);
  }
}

/** Reads every part before anything is stored, so a bad fourth file leaves no three orphans. */
async function readParts(request: FastifyRequest): Promise<{ files: Buffer[]; cover: boolean }> {
  const files: Buffer[] = [];
  let cover = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'cover') throw malformed(`Unknown field '${part.fieldname}'`);
        cover = part.value === 'true';
        continue;
      }
      if (part.fieldname !== FIELD) {
        await part.toBuffer().catch(() => undefined);
        throw malformed(`Files go in the field '${FIELD}', not '${part.fieldname}'`);
      }
      files.push(await part.toBuffer());
    }
  } catch (error) {
    throw multipartError(error);
  }
  return { files, cover };
}

export const fileUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered in this scope only: elsewhere a multipart body stays an unsupported media type.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: OWNER_LIMITS.imageBytesMax,
      files: OWNER_LIMITS.imagesMax,
      fields: 2,
      parts: OWNER_LIMITS.imagesMax + 2,
      fieldSize: 100,
      headerPairs: 20,
    },
  });
  // This plugin's scope only (it is not wrapped in fastify-plugin).
  app.setValidatorCompiler(streamedBodyValidator);
  // Counted in files stored, in the database: every replica sees the same count.
  const limits = app.rateLimitRepository;
  const uploadKey = (userId: number) => `image-upload:account:${userId}`;
  const mayUpload = async (userId: number, files: number) =>
    (await limits.used(uploadKey(userId), UPLOAD_LIMIT, app.clock.now())) + files <= UPLOAD_LIMIT.limit;

  app.post(
    '/file-upload/images',
    {
      schema: {
        description:
          'Multipart field `files`: 1-4 jpeg, png or bmp images, at most 9,900,000 bytes each. With `cover=true` (query or form field) the first is the cover, at most 435 px wide; others at most 2000 px. Answers the stored names in order.',
        consumes: ['multipart/form-data'],
        querystring: UploadQuery,
        body: UploadForm,
        response: responses({ 200: UploadedFileNames }),
      },
      // Before the body schema: who may upload and what was sent decide first (401/403/415, not 400).
      preValidation: async (request) => {
        assertMayManageProducts(requireUser(request));
        if (!request.isMultipart()) throw multipartError({ code: 'FST_INVALID_MULTIPART_CONTENT_TYPE' });
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!(await mayUpload(user.id, 1))) throw new ApiError(429, 'RATE_LIMITED', messages.errors.images.tooManyUploads);

      const { files, cover } = await readParts(request);
      if (files.length === 0) throw new ApiError(400, 'VALIDATION_ERROR', messages.errors.images.noFiles);
      if (!(await mayUpload(user.id, files.length))) throw new ApiError(429, 'RATE_LIMITED', messages.errors.images.tooManyUploads);
      const firstIsCover = cover || request.query.cover === 'true';

      // One at a time: each resize already uses libvips' threads, and the machine is shared.
      const processed = [];
      for (const [i, file] of files.entries()) {
        processed.push(await processUpload(file, i === 0 && firstIsCover ? OWNER_LIMITS.coverWidthMax : OWNER_LIMITS.imageWidthMax));
      }
      const names: string[] = [];
      for (const image of processed) {
        const name = uploadedFileName(user.id, image.ext);
        await app.fileStorage.put(name, image.data);
        names.push(name);
      }
      await limits.take(uploadKey(user.id), UPLOAD_LIMIT, app.clock.now(), names.length);
      return names;
    },
  );
};
