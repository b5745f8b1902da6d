import {
  type CallOptions,
  checkTranscriptionRequest,
  mediaBytes,
  mediaCost,
  type TranscriptionRequest,
  type TranscriptionResult,
  type TranscriptionSegment,
} from '@aigo/ai';
import {
  arrayOf,
  invalidResponse,
  isRecord,
  type MultipartPart,
  nonEmptyString,
  numberOf,
  stringOf,
  toRequestOptions,
} from '@aigo/http';
import { mapOpenAIMediaUsage } from './map-openai-usage.js';
import { type OpenAIMediaContext, openAIMediaExtras } from './openai-media-context.js';

/** OpenAI's upload limit for `audio/transcriptions`: 25 MB. */
export const OPENAI_MAX_TRANSCRIPTION_BYTES = 25 * 1024 * 1024;

/** The audio types `audio/transcriptions` takes (flac, mp3, mp4, mpeg, mpga, m4a, ogg, wav, webm). */
const EXTENSIONS: Readonly<Record<string, string>> = Object.freeze({
  'audio/flac': 'flac',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/mp4': 'mp4',
  'audio/m4a': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/webm': 'webm',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
});

/**
 * `provider.transcribe` of `openai()`: the audio checked (type, base64 that decodes, not empty, at
 * most 25 MB — before any upload) and decoded once, then sent as a multipart upload to
 * `{baseURL}/audio/transcriptions`. `whisper-1` is asked for `verbose_json` (segments, language,
 * duration); the gpt-4o transcribe models answer `json` with token usage.
 */
export async function openAITranscribe(
  context: OpenAIMediaContext,
  request: TranscriptionRequest,
  options?: CallOptions,
): Promise<TranscriptionResult> {
  checkTranscriptionRequest(request, Object.keys(EXTENSIONS));
  const bytes = mediaBytes(
    request.audio.data,
    'request.audio.data',
    OPENAI_MAX_TRANSCRIPTION_BYTES,
  );
  const mimeType = request.audio.mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  const verbose = request.model === 'whisper-1';
  const parts: MultipartPart[] = [
    { name: 'model', value: request.model },
    { name: 'response_format', value: verbose ? 'verbose_json' : 'json' },
  ];
  if (request.language !== undefined) parts.push({ name: 'language', value: request.language });
  if (request.prompt !== undefined) parts.push({ name: 'prompt', value: request.prompt });
  for (const [name, value] of Object.entries(
    openAIMediaExtras(request.providerOptions, context.providerId),
  )) {
    parts.push({ name, value: typeof value === 'string' ? value : JSON.stringify(value) });
  }
  parts.push({
    name: 'file',
    filename: request.audio.filename ?? `audio.${EXTENSIONS[mimeType] ?? 'mp3'}`,
    contentType: mimeType,
    data: bytes,
  });
  const url = `${context.baseURL}/audio/transcriptions`;
  const { data } = await context.http.client().postMultipart(url, parts, toRequestOptions(options));
  if (!isRecord(data) || typeof data.text !== 'string') {
    throw invalidResponse(context.providerId, 'to /audio/transcriptions has no text');
  }
  const segments: TranscriptionSegment[] = [];
  for (const segment of arrayOf(data.segments)) {
    if (!isRecord(segment)) continue;
    const start = numberOf(segment.start);
    const end = numberOf(segment.end);
    if (start === undefined || end === undefined) continue;
    segments.push({ text: stringOf(segment.text) ?? '', start, end });
  }
  const language = nonEmptyString(data.language) ?? request.language;
  const duration = numberOf(data.duration);
  const usage = mapOpenAIMediaUsage(data.usage, 'text');
  const cost = mediaCost(usage, context.modelCost(request.model));
  return {
    text: data.text,
    ...(segments.length > 0 ? { segments } : {}),
    ...(language === undefined ? {} : { language }),
    ...(duration === undefined ? {} : { durationSeconds: duration }),
    model: request.model,
    usage,
    ...(cost === undefined ? {} : { cost }),
  };
}
