import type { Usage } from '../chat/usage.js';
import type { GeneratedMedia } from '../messages/media.js';

/** Provider-specific settings of a media call, keyed by provider id. */
export type MediaProviderOptions = {
  readonly [providerId: string]: { readonly [key: string]: unknown };
};

/** What a media call cost at the provider's list price, when both the price and usage are known. */
export interface MediaCost {
  readonly amount: number;
  readonly currency: string;
}

/** One image-generation call (OpenAI Images API, Gemini image models). */
export interface ImageRequest {
  /** The image model (`gpt-image-1`, `dall-e-3`, `gemini-2.5-flash-image`). */
  readonly model: string;
  /** What to draw. */
  readonly prompt: string;
  /** How many images (default: the API's, 1). */
  readonly n?: number;
  /** `1024x1024`, `1536x1024`, `auto`…, as the API names sizes; Gemini takes an aspect ratio (`16:9`). */
  readonly size?: string;
  /** `low`, `medium`, `high`, `auto` (gpt-image), `standard`, `hd` (dall-e-3). */
  readonly quality?: string;
  /** `transparent`, `opaque` or `auto` (gpt-image models). */
  readonly background?: 'transparent' | 'opaque' | 'auto';
  readonly providerOptions?: MediaProviderOptions;
}

/** What an image-generation call returns. */
export interface ImageResult {
  /** The images, base64 `data` (or a `uri`) with their MIME type; `revisedPrompt` when rewritten. */
  readonly images: readonly GeneratedMedia[];
  /** The model that answered (else the one asked for). */
  readonly model: string;
  /** Token counts, when the API reports them (gpt-image models, Gemini); else `undefined`. */
  readonly usage: Usage | undefined;
  /** The cost at the provider's list price, or `undefined` when unknown — never a made-up 0. */
  readonly cost?: MediaCost;
}

/** The audio formats a speech call can ask for (each provider takes some of them). */
export type SpeechFormat = 'mp3' | 'opus' | 'aac' | 'flac' | 'wav' | 'pcm';

/** One text-to-speech call (OpenAI `audio/speech`, Gemini speech models). */
export interface SpeechRequest {
  /** The speech model (`gpt-4o-mini-tts`, `tts-1`, `gemini-2.5-flash-preview-tts`). */
  readonly model: string;
  /** What to say. */
  readonly text: string;
  /** The voice (`alloy`, `coral`; Gemini's `Kore`, `Puck`). */
  readonly voice: string;
  /** The audio format (default `mp3` on OpenAI; Gemini answers 24 kHz 16-bit PCM, wrapped as `wav`). */
  readonly format?: SpeechFormat;
  /** How to say it (tone, accent, pace), for models that take instructions. */
  readonly instructions?: string;
  readonly providerOptions?: MediaProviderOptions;
}

/** What a speech call returns. */
export interface SpeechResult {
  /** The audio, base64 `data` with its MIME type. */
  readonly audio: GeneratedMedia;
  readonly model: string;
  readonly usage: Usage | undefined;
  readonly cost?: MediaCost;
}

/** Audio to transcribe: base64 text or bytes, with its MIME type. */
export interface AudioInput {
  /** The audio: base64 (no `data:` prefix) or the bytes themselves. */
  readonly data: string | Uint8Array;
  /** `audio/mpeg`, `audio/wav`, `audio/webm`, … */
  readonly mimeType: string;
  /** A file name for the upload (default from the MIME type: `audio.mp3`). */
  readonly filename?: string;
}

/** One transcription call (OpenAI `audio/transcriptions`, Gemini audio understanding). */
export interface TranscriptionRequest {
  /** The model (`gpt-4o-transcribe`, `whisper-1`, `gemini-2.5-flash`). */
  readonly model: string;
  readonly audio: AudioInput;
  /** The spoken language as ISO-639-1 (`en`), when known: better accuracy and speed. */
  readonly language?: string;
  /** Text that guides the model (spellings, the previous segment). */
  readonly prompt?: string;
  readonly providerOptions?: MediaProviderOptions;
}

/** A timed stretch of a transcript. */
export interface TranscriptionSegment {
  readonly text: string;
  /** Start, in seconds from the beginning of the audio. */
  readonly start: number;
  /** End, in seconds. */
  readonly end: number;
}

/** What a transcription call returns. */
export interface TranscriptionResult {
  readonly text: string;
  /** Timed segments, when the API gave them (`whisper-1` with `verbose_json`). */
  readonly segments?: readonly TranscriptionSegment[];
  /** The language the API detected or was told. */
  readonly language?: string;
  /** The audio's length in seconds, when the API reported it. */
  readonly durationSeconds?: number;
  readonly model: string;
  readonly usage: Usage | undefined;
  readonly cost?: MediaCost;
}
