import type { CallOptions, Provider } from '../chat/provider.js';
import type {
  ImageRequest,
  ImageResult,
  SpeechRequest,
  SpeechResult,
  TranscriptionRequest,
  TranscriptionResult,
} from './media-requests.js';

/** A provider that draws images (`openai()`, `gemini()`). */
export interface ImageProvider extends Provider {
  /**
   * Generates images from a prompt.
   *
   * @throws ValidationError naming the bad field, before any request; `ProviderError` for an API
   *   error; `AbortError` when `options.signal` fires.
   */
  generateImage(request: ImageRequest, options?: CallOptions): Promise<ImageResult>;
}

/** A provider that speaks text (`openai()`, `gemini()`). */
export interface SpeechProvider extends Provider {
  /** Turns text into audio. Errors as for {@link ImageProvider.generateImage}. */
  generateSpeech(request: SpeechRequest, options?: CallOptions): Promise<SpeechResult>;
}

/** A provider that transcribes audio (`openai()`, `gemini()`). */
export interface TranscriptionProvider extends Provider {
  /** Turns audio into text. Errors as for {@link ImageProvider.generateImage}. */
  transcribe(request: TranscriptionRequest, options?: CallOptions): Promise<TranscriptionResult>;
}

/** True when the provider can generate images. */
export function isImageProvider(provider: Provider): provider is ImageProvider {
  return typeof (provider as Partial<ImageProvider>).generateImage === 'function';
}

/** True when the provider can generate speech. */
export function isSpeechProvider(provider: Provider): provider is SpeechProvider {
  return typeof (provider as Partial<SpeechProvider>).generateSpeech === 'function';
}

/** True when the provider can transcribe audio. */
export function isTranscriptionProvider(provider: Provider): provider is TranscriptionProvider {
  return typeof (provider as Partial<TranscriptionProvider>).transcribe === 'function';
}
