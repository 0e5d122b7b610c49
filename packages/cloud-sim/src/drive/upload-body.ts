import type { SimRequest } from '../request.js';
import { boundaryOf, parseMultipart } from './multipart.js';
import { DriveError, type NewFile } from './store.js';

/** A create or update request's metadata and content. */
export interface Metadata extends NewFile {
  trashed?: boolean;
}

/** The metadata of a JSON body (empty: none). */
export function metadataOf(text: string): Metadata {
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new DriveError({
      kind: 'invalid',
      location: 'body',
      message: 'Invalid JSON payload received.',
    });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new DriveError({
      kind: 'invalid',
      location: 'body',
      message: 'Invalid JSON payload received.',
    });
  }
  return pickMetadata(parsed as Record<string, unknown>);
}

const isText = (value: unknown): value is string => typeof value === 'string';
const invalidField = (name: string): never => {
  throw new DriveError({ kind: 'invalid', location: name, message: `Invalid value for ${name}.` });
};
function stringMap(value: unknown, name: string): Record<string, string | null> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return invalidField(name);
  const map = value as Record<string, unknown>;
  for (const inner of Object.values(map)) if (inner !== null && !isText(inner)) invalidField(name);
  return map as Record<string, string | null>;
}

/** The writable File fields the stand-in keeps, each checked; the others are ignored, as Drive ignores read-only ones. */
function pickMetadata(body: Record<string, unknown>): Metadata {
  const metadata: Metadata = {};
  for (const key of ['name', 'mimeType', 'description', 'originalFilename'] as const) {
    const value = body[key];
    if (value === undefined) continue;
    if (!isText(value)) invalidField(key);
    metadata[key] = value as string;
  }
  if (body.parents !== undefined) {
    if (!Array.isArray(body.parents) || !body.parents.every(isText)) invalidField('parents');
    metadata.parents = body.parents as string[];
  }
  if (body.appProperties !== undefined)
    metadata.appProperties = stringMap(body.appProperties, 'appProperties');
  if (body.properties !== undefined) metadata.properties = stringMap(body.properties, 'properties');
  if (body.trashed !== undefined) {
    if (typeof body.trashed !== 'boolean') invalidField('trashed');
    metadata.trashed = body.trashed as boolean;
  }
  return metadata;
}

/** The metadata and content of a create or update request, by its `uploadType`. */
export function readUpload(request: SimRequest): Metadata {
  const uploadType = request.url.searchParams.get('uploadType');
  const type = request.headers['content-type'];
  if (uploadType === 'media') {
    return {
      content: request.body,
      ...(type ? { mimeType: type.split(';')[0]!.trim() } : {}),
    };
  }
  if (uploadType === 'multipart') {
    const boundary = boundaryOf(type);
    const parts = boundary ? parseMultipart(request.body, boundary) : [];
    if (parts.length !== 2) {
      throw new DriveError({
        kind: 'invalid',
        location: 'body',
        message: `Invalid multipart request with ${parts.length} mime parts.`,
      });
    }
    const metadata = metadataOf(parts[0]!.body.toString('utf8'));
    const mediaType = parts[1]!.headers.get('content-type');
    return {
      ...metadata,
      content: parts[1]!.body,
      ...(metadata.mimeType === undefined && mediaType
        ? { mimeType: mediaType.split(';')[0]!.trim() }
        : {}),
    };
  }
  throw new DriveError({
    kind: 'invalid',
    location: 'uploadType',
    message: `Invalid upload type: ${uploadType ?? ''} (cloud-sim takes media and multipart).`,
  });
}
