import {
  type CallOptions,
  checkSpeechRequest,
  type SpeechFormat,
  type SpeechRequest,
  type SpeechResult,
} from '@aigo/ai';
import { toRequestOptions } from '@aigo/http';
import { type OpenAIMediaContext, openAIMediaExtras } from './openai-media-context.js';

/** The formats OpenAI's `audio/speech` produces, and the MIME type of each. */
const SPEECH_MIME: Readonly<Record<SpeechFormat, string>> = Object.freeze({
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
});
const SPEECH_FORMATS = Object.keys(SPEECH_MIME) as SpeechFormat[];

/**
 * `provider.generateSpeech` of `openai()`: `POST {baseURL}/audio/speech` (`input`, `voice`,
 * `response_format`, `instructions`), the answer's bytes read once and returned as base64. The API
 * reports no usage, so the cost is unknown (`undefined`), never 0.
 */
export async function openAIGenerateSpeech(
  context: OpenAIMediaContext,
  request: SpeechRequest,
  options?: CallOptions,
): Promise<SpeechResult> {
  checkSpeechRequest(request, SPEECH_FORMATS);
  const format = request.format ?? 'mp3';
  const body: Record<string, unknown> = {
    model: request.model,
    input: request.text,
    voice: request.voice,
    response_format: format,
  };
  if (request.instructions !== undefined) body.instructions = request.instructions;
  Object.assign(body, openAIMediaExtras(request.providerOptions, context.providerId));
  const url = `${context.baseURL}/audio/speech`;
  const answer = await context.http.client().postForBytes(url, body, toRequestOptions(options));
  const mimeType = answer.contentType.startsWith('audio/')
    ? answer.contentType
    : SPEECH_MIME[format];
  return {
    audio: { mimeType, data: answer.bytes.toString('base64') },
    model: request.model,
    usage: undefined,
  };
}
