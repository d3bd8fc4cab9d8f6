import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from '@formbridge/contract/limits';
import { DRAIN_CAP_BYTES } from './drain-body.ts';
import { AppError } from './errors.ts';

/** Room for the other form fields and part headers next to a file at the limit. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

function tooLarge(closeConnection: boolean): AppError {
  const detail = `The file is larger than the ${MAX_UPLOAD_LABEL} limit (${MAX_UPLOAD_BYTES} bytes)`;
  return new AppError(413, detail, undefined, { closeConnection });
}

export type UploadedFile = { fieldName: string; filename: string; mimetype: string; bytes: Buffer };

export type MultipartForm = { fields: Record<string, string>; file: UploadedFile | null };

/**
 * Reads a multipart form with at most one file. The file is read up to the 10 MB limit and the
 * request is refused with 413 as soon as it passes it, so an oversize upload never sits in memory.
 */
export async function readMultipartForm(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'Expected a multipart/form-data body');
  }
  // A declared length past the limit is refused before a byte is parsed. Up to the drain cap the
  // error handler reads the body away first (a proxy still sending would otherwise see a reset);
  // past it the connection is closed so the client stops sending.
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw tooLarge(declared > DRAIN_CAP_BYTES);
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) {
          part.file.resume();
          throw new AppError(422, 'Send one file per request');
        }
        const bytes = await part.toBuffer();
        file = {
          fieldName: part.fieldname,
          filename: part.filename,
          mimetype: part.mimetype,
          bytes,
        };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooLarge(false);
    }
    throw error;
  }
  return { fields, file };
}
