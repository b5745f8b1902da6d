import { type GeneratedMedia, type Message, ValidationError } from '@aigo/ai';
import { isRecord, type JsonRecord, nonEmptyString, numberOf, stringOf } from '@aigo/http';

/** The audio formats Chat Completions can answer in (`pcm16` is the only one a stream takes). */
export const OPENAI_CHAT_AUDIO_FORMATS = ['wav', 'mp3', 'flac', 'opus', 'pcm16', 'aac'] as const;
/** One of {@link OPENAI_CHAT_AUDIO_FORMATS}. */
export type OpenAIChatAudioFormat = (typeof OPENAI_CHAT_AUDIO_FORMATS)[number];

/** `providerOptions.openai.audio`: spoken output from an audio model (`gpt-4o-audio-preview`). */
export interface OpenAIChatAudioOptions {
  /** The voice (`alloy`, `coral`, `sage`, …). */
  readonly voice: string;
  /** The format (a stream must use `pcm16`). */
  readonly format: OpenAIChatAudioFormat;
}

const MIME: Readonly<Record<OpenAIChatAudioFormat, string>> = Object.freeze({
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  opus: 'audio/ogg',
  pcm16: 'audio/pcm',
  aac: 'audio/aac',
});

/**
 * Checks `providerOptions.openai.audio`.
 *
 * @throws ValidationError naming the bad field.
 */
export function checkOpenAIChatAudio(
  value: unknown,
  where: string,
  stream: boolean,
): OpenAIChatAudioOptions {
  if (!isRecord(value)) throw new ValidationError(where, 'must be { voice, format }');
  if (typeof value.voice !== 'string' || value.voice === '') {
    throw new ValidationError(`${where}.voice`, 'must be a non-empty string');
  }
  if (!OPENAI_CHAT_AUDIO_FORMATS.includes(value.format as OpenAIChatAudioFormat)) {
    throw new ValidationError(
      `${where}.format`,
      `must be one of ${OPENAI_CHAT_AUDIO_FORMATS.join(', ')}`,
    );
  }
  if (stream && value.format !== 'pcm16') {
    throw new ValidationError(
      `${where}.format`,
      'must be "pcm16" in a stream (the API streams no other audio format)',
    );
  }
  return { voice: value.voice, format: value.format as OpenAIChatAudioFormat };
}

/** The MIME type of an audio format (`audio/pcm` for `pcm16`: 24 kHz, 16-bit, mono). */
export function chatAudioMimeType(format: string | undefined): string {
  return MIME[(format ?? 'wav') as OpenAIChatAudioFormat] ?? 'audio/wav';
}

/**
 * The `GeneratedMedia` of a message's `audio` (`id`, base64 `data`, `transcript`, `expires_at`),
 * or `undefined` when there is none. `expiresAt` goes in `providerMetadata.openai`: after it, the
 * id can no longer be sent back.
 */
export function chatAudioMedia(
  audio: JsonRecord | undefined,
  mimeType: string,
): GeneratedMedia | undefined {
  if (audio === undefined) return undefined;
  const id = nonEmptyString(audio.id);
  const data = nonEmptyString(audio.data);
  if (id === undefined && data === undefined) return undefined;
  const transcript = stringOf(audio.transcript);
  const expiresAt = numberOf(audio.expires_at);
  return {
    mimeType,
    ...(data === undefined ? {} : { data }),
    ...(id === undefined ? {} : { id }),
    ...(transcript === undefined ? {} : { transcript }),
    ...(expiresAt === undefined ? {} : { providerMetadata: { openai: { expiresAt } } }),
  };
}

/** The id of the audio an assistant message generated, which the API wants back as `audio: { id }`. */
export function chatAudioIdOf(message: Message): string | undefined {
  for (const media of message.media ?? []) {
    if (media.id?.startsWith('audio_') && media.mimeType.startsWith('audio/')) return media.id;
  }
  return undefined;
}
