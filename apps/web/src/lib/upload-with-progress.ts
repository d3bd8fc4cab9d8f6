import { ApiError, endSession, NETWORK_ERROR_MESSAGE } from './api-client';
import { authHeaders } from './workspace-store';

/**
 * Sends a multipart form with XMLHttpRequest so the caller can show a progress percent (fetch
 * cannot report upload progress). Errors come back as ApiError, like every other call.
 */
export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('accept', 'application/json');
    const headers = authHeaders();
    for (const [name, value] of Object.entries(headers)) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        onProgress(Math.round((event.loaded / event.total) * 100));
      }
    };
    request.onerror = () => reject(new ApiError(0, null, NETWORK_ERROR_MESSAGE));
    request.onload = () => {
      let body: unknown = request.responseText;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        // A plain-text body is reported as is.
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(body as T);
      } else {
        if (request.status === 401 && headers.authorization) {
          endSession();
        }
        reject(new ApiError(request.status, body, `Upload failed (${request.status})`));
      }
    };
    request.send(form);
  });
}
