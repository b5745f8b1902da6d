import { type ContentPart, ValidationError } from '@aigo/ai';
import type {
  ConverseContentBlock,
  ConverseDocumentFormat,
  ConverseImageFormat,
  ConverseSource,
} from '../wire/converse-api.js';

const IMAGE_FORMATS: Readonly<Record<string, ConverseImageFormat>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const DOCUMENT_FORMATS: Readonly<Record<string, ConverseDocumentFormat>> = {
  'application/pdf': 'pdf',
  'text/csv': 'csv',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/html': 'html',
  'text/plain': 'txt',
  'text/markdown': 'md',
};

/**
 * One content part as a Converse block: text; an image (PNG, JPEG, GIF, WebP) or a document (PDF,
 * CSV, Word, Excel, HTML, text, Markdown) from its base64 `data`, a `data:` URI or an `s3://` URI;
 * a video from `data` or S3. Empty text is left out.
 *
 * @throws ValidationError naming the part for audio, an unknown media type, or a URI that is
 *   neither `data:` nor `s3://` (Bedrock does not fetch URLs).
 */
export function convertConversePart(
  part: ContentPart,
  where: string,
  documentIndex: number,
): ConverseContentBlock | undefined {
  switch (part.type) {
    case 'text':
      return part.text === '' ? undefined : { text: part.text };
    case 'image': {
      const { mimeType, source } = mediaSource(part, where);
      const format = IMAGE_FORMATS[mimeType];
      if (format === undefined) {
        throw new ValidationError(
          `${where}.mimeType`,
          `is not an image type Bedrock takes: ${mimeType}`,
        );
      }
      return { image: { format, source } };
    }
    case 'document': {
      const { mimeType, source } = mediaSource(part, where);
      const format = DOCUMENT_FORMATS[mimeType];
      if (format === undefined) {
        throw new ValidationError(
          `${where}.mimeType`,
          `is not a document type Bedrock takes: ${mimeType}`,
        );
      }
      return { document: { format, name: documentName(part.filename, documentIndex), source } };
    }
    case 'video': {
      const { mimeType, source } = mediaSource(part, where);
      return { video: { format: mimeType.replace(/^video\//, ''), source } };
    }
    default:
      throw new ValidationError(where, `is a ${part.type} part, which Converse does not take`);
  }
}

/** The bytes or S3 object of a media part, with its MIME type. */
function mediaSource(
  part: {
    readonly data?: string | undefined;
    readonly uri?: string | undefined;
    readonly mimeType?: string | undefined;
  },
  where: string,
): { mimeType: string; source: ConverseSource } {
  if (part.data !== undefined) {
    return { mimeType: part.mimeType ?? '', source: { bytes: part.data } };
  }
  const uri = part.uri ?? '';
  const inline = /^data:([^;,]+);base64,/.exec(uri);
  if (inline !== null) {
    return {
      mimeType: part.mimeType ?? (inline[1] as string),
      source: { bytes: uri.slice(inline[0].length) },
    };
  }
  if (uri.startsWith('s3://')) {
    return { mimeType: part.mimeType ?? '', source: { s3Location: { uri } } };
  }
  throw new ValidationError(
    `${where}.uri`,
    'must be a data: or s3:// URI, or the part must carry data (Bedrock does not fetch URLs)',
  );
}

/** Bedrock accepts letters, digits, spaces, hyphens, parentheses and brackets in document names. */
function documentName(filename: string | undefined, index: number): string {
  const cleaned = (filename ?? '').replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9\s\-()[\]]/g, ' ');
  const name = cleaned.replace(/\s+/g, ' ').trim();
  return name === '' ? `document ${index + 1}` : name;
}
