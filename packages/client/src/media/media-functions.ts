import type {
  ImageRequest,
  ImageResult,
  SpeechRequest,
  SpeechResult,
  TranscriptionRequest,
  TranscriptionResult,
} from '@aigo/ai';
import { type MediaCallOptions, type MediaTarget, runMediaCall } from './media-call.js';

/** Options of {@link generateImage}: the request and the call options. */
export type GenerateImageOptions = ImageRequest & MediaCallOptions;
/** Options of {@link generateSpeech}: the request and the call options. */
export type GenerateSpeechOptions = SpeechRequest & MediaCallOptions;
/** Options of {@link transcribe}: the request and the call options. */
export type TranscribeOptions = TranscriptionRequest & MediaCallOptions;

/**
 * Generates images with a provider that can (`openai()`: the Images API; `gemini()`: its image
 * models), or with a client's provider and observer. Traced as a `generate_content {model}` span
 * (`aigo.media.operation: image`), recorded in `options.overview`; the cost is the provider's list
 * price where it has one, else `undefined` — never 0.
 *
 * ```ts
 * const { images } = await generateImage(openai(), { model: 'gpt-image-1', prompt: 'A red cat' });
 * ```
 *
 * @throws ValidationError naming the bad field; `AigoError` `unsupported` when the provider cannot.
 */
export function generateImage(
  provider: MediaTarget,
  options: GenerateImageOptions,
): Promise<ImageResult> {
  return runMediaCall<ImageResult>(
    provider,
    options,
    'image',
    'generateImage',
    (p, request, call) =>
      (p.generateImage as NonNullable<typeof p.generateImage>)(request as ImageRequest, call),
  );
}

/**
 * Turns text into speech with a provider that can (`openai()`: `audio/speech`; `gemini()`: its
 * speech models). Spans, overview and cost as for {@link generateImage}.
 *
 * @throws ValidationError naming the bad field; `AigoError` `unsupported` when the provider cannot.
 */
export function generateSpeech(
  provider: MediaTarget,
  options: GenerateSpeechOptions,
): Promise<SpeechResult> {
  return runMediaCall<SpeechResult>(
    provider,
    options,
    'speech',
    'generateSpeech',
    (p, request, call) =>
      (p.generateSpeech as NonNullable<typeof p.generateSpeech>)(request as SpeechRequest, call),
  );
}

/**
 * Transcribes audio with a provider that can (`openai()`: `audio/transcriptions`; `gemini()`: audio
 * understanding). Spans, overview and cost as for {@link generateImage}.
 *
 * @throws ValidationError naming the bad field; `AigoError` `unsupported` when the provider cannot.
 */
export function transcribe(
  provider: MediaTarget,
  options: TranscribeOptions,
): Promise<TranscriptionResult> {
  return runMediaCall<TranscriptionResult>(
    provider,
    options,
    'transcription',
    'transcribe',
    (p, request, call) =>
      (p.transcribe as NonNullable<typeof p.transcribe>)(request as TranscriptionRequest, call),
  );
}
