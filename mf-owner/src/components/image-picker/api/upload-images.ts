import { mutationOptions } from '@tanstack/react-query';
import { ApiError, getApi, joinUrl } from 'shared-kernel/api';
import { messages } from 'shared-kernel/messages';
import { UploadedFileNames } from 'shared-kernel/schemas';

/** Spec 7 "Files": uploads may take long on a slow line. */
export const UPLOAD_TIMEOUT_MS = 300_000;

export interface UploadInput {
  files: readonly File[];
  /** 0 … 100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
}

function failure(xhr: XMLHttpRequest): ApiError {
  let body: { code?: string; codes?: string[]; message?: string } | undefined;
  try {
    body = JSON.parse(xhr.responseText) as typeof body;
  } catch {
    body = undefined;
  }
  return new ApiError({
    status: xhr.status,
    code: body?.code ?? `HTTP_${xhr.status}`,
    codes: body?.codes,
    message: body?.message ?? messages.common.networkError,
    body,
  });
}

/**
 * `POST /file-upload/images` (multipart, field `files`): the stored names in the order sent.
 * XMLHttpRequest rather than the kernel's fetch client: only it reports upload progress.
 */
export function uploadImages({ files, onProgress }: UploadInput): Promise<UploadedFileNames> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', joinUrl(getApi().baseUrl, '/file-upload/images'));
    xhr.withCredentials = true;
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    // The API's CSRF guard, as the kernel client sends it.
    xhr.setRequestHeader('X-Requested-With', 'rendime');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(failure(xhr));
      try {
        resolve(UploadedFileNames.parse(JSON.parse(xhr.responseText)));
      } catch (cause) {
        reject(new ApiError({ status: xhr.status, code: 'INVALID_RESPONSE', message: messages.common.unexpectedResponse, cause }));
      }
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: messages.common.networkError }));
    xhr.ontimeout = () => reject(new ApiError({ status: 0, code: 'TIMEOUT', message: messages.common.timeout }));
    const data = new FormData();
    for (const file of files) data.append('files', file, file.name);
    xhr.send(data);
  });
}

export function uploadImagesMutationOptions() {
  return mutationOptions({ mutationFn: uploadImages });
}

/** Where the API serves a stored file. */
export const fileUrl = (name: string) => joinUrl(getApi().baseUrl, `/files/${encodeURIComponent(name)}`);
