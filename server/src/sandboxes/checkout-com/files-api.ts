import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { sandboxId } from '../kit.ts';
import type { CheckoutModel, CheckoutState } from './state.ts';

/**
 * Checkout.com's Files API, the subset dispute evidence uses: `POST /files` (multipart/form-data
 * with `file` and `purpose=dispute_evidence`, as checkout-sdk-python's `FilesClient.upload_file`
 * sends it) answers `{ id: "file_…", _links }`; `GET /files/{id}` answers the file's metadata
 * (`filename`, `purpose`, `size`, `uploaded_on`). Files are JPG, PNG or PDF of at most 4 MB, as
 * Checkout.com takes for evidence. The sandbox keeps what it was told of a file, not its bytes;
 * `sandbox_content_type` (not Checkout.com's) says the type the upload declared. A dispute's
 * evidence names a file by its id (`*_file`, `disputes-api.ts`).
 */

export type CkoFile = {
  id: string;
  filename: string;
  purpose: string;
  size: number;
  contentType: string;
  uploadedOn: string;
};

/** The file types and size Checkout.com takes as dispute evidence. */
const FILE_TYPES = new Set(['image/jpeg', 'image/png', 'application/pdf']);
const FILE_LIMIT = 4 * 1024 * 1024;
const PURPOSES = new Set(['dispute_evidence']);

/** The uploaded files, by id: the disputes API checks an evidence's `*_file` id against them. */
export const filesOf = (model: CheckoutModel) =>
  ((model.state as CheckoutState & { files?: Record<string, CkoFile> }).files ??= {});

export function checkoutFilesApi(model: CheckoutModel): Hono {
  const { store, now } = model;
  const files = () => filesOf(model);
  const app = new Hono();
  const unprocessable = (c: Context, codes: string[]) =>
    c.json({ request_id: randomUUID(), error_type: 'request_invalid', error_codes: codes }, 422);

  const view = (f: CkoFile) => ({
    id: f.id,
    filename: f.filename,
    purpose: f.purpose,
    size: f.size,
    uploaded_on: f.uploadedOn,
    sandbox_content_type: f.contentType,
    // No `download` link: the sandbox keeps no bytes to give back.
    _links: { self: { href: `${model.base()}/files/${f.id}` } },
  });

  app.post('/files', async (c) => {
    if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
      return unprocessable(c, ['request_body_malformed']);
    }
    let form: Record<string, string | File | Array<string | File>>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      return unprocessable(c, ['request_body_malformed']);
    }
    const file = form.file;
    const purpose = form.purpose;
    const codes: string[] = [];
    if (!(file instanceof File)) codes.push('file_required');
    else if (!FILE_TYPES.has(file.type.split(';')[0]!.trim())) codes.push('file_type_invalid');
    else if (file.size > FILE_LIMIT) codes.push('file_size_invalid');
    if (typeof purpose !== 'string') codes.push('purpose_required');
    else if (!PURPOSES.has(purpose)) codes.push('purpose_invalid');
    if (codes.length || !(file instanceof File) || typeof purpose !== 'string') {
      return unprocessable(c, codes);
    }
    const f: CkoFile = {
      id: sandboxId('file_', 26, true),
      filename: file.name,
      purpose,
      size: file.size,
      contentType: file.type.split(';')[0]!.trim(),
      uploadedOn: now(),
    };
    files()[f.id] = f;
    await store.saveSoon();
    return c.json({ id: f.id, _links: { self: { href: `${model.base()}/files/${f.id}` } } });
  });

  app.get('/files/:id', (c) => {
    const f = files()[c.req.param('id')];
    return f ? c.json(view(f)) : c.body(null, 404);
  });

  return app;
}
