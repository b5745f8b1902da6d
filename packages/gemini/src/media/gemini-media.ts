import {
  addUsage,
  audioPart,
  type CallOptions,
  type ChatRequest,
  type ChatResponse,
  checkImageRequest,
  checkSpeechRequest,
  checkTranscriptionRequest,
  type GeneratedMedia,
  type ImageRequest,
  type ImageResult,
  type ModelCost,
  mediaBytes,
  mediaCost,
  type SpeechRequest,
  type SpeechResult,
  type TranscriptionRequest,
  type TranscriptionResult,
  textPart,
  type Usage,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { invalidResponse } from '@aigo/http';
import { pcmFormatOf, pcmToWav } from './pcm-to-wav.js';

/** What the media calls of `gemini()` need of their provider: its chat call and its prices. */
export interface GeminiMediaContext {
  readonly providerId: string;
  readonly sendMessage: (request: ChatRequest, options?: CallOptions) => Promise<ChatResponse>;
  readonly modelCost: (model: string) => ModelCost | undefined;
}

/**
 * The most audio one `transcribe` call sends inline: 15 MiB, so that the base64 request stays
 * under Gemini's 20 MB limit on a request's inline data.
 */
export const GEMINI_MAX_INLINE_AUDIO_BYTES = 15 * 1024 * 1024;

function own(request: { readonly providerOptions?: Record<string, unknown> }, id: string) {
  const value = request.providerOptions?.[id];
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/**
 * `provider.generateImage` of `gemini()`: `generateContent` of an image model
 * (`gemini-2.5-flash-image`) with `responseModalities: ['TEXT', 'IMAGE']`, `size` as the aspect
 * ratio (`16:9`), one call per image (`n` calls, usage summed). `quality` and `background` are not
 * Gemini settings and are refused.
 */
export async function geminiGenerateImage(
  context: GeminiMediaContext,
  request: ImageRequest,
  options?: CallOptions,
): Promise<ImageResult> {
  checkImageRequest(request);
  for (const key of ['quality', 'background'] as const) {
    if (request[key] !== undefined) {
      throw new ValidationError(`request.${key}`, 'is not a Gemini image setting');
    }
  }
  const gemini = {
    responseModalities: ['TEXT', 'IMAGE'],
    ...(request.size === undefined ? {} : { imageConfig: { aspectRatio: request.size } }),
    ...own(request, context.providerId),
  };
  const images: GeneratedMedia[] = [];
  let usage: Usage | undefined;
  let model = request.model;
  for (let i = 0; i < (request.n ?? 1); i++) {
    const response = await context.sendMessage(
      {
        model: request.model,
        messages: [userMessage(request.prompt)],
        providerOptions: { [context.providerId]: gemini },
      },
      options,
    );
    if (!response.images?.length) {
      throw invalidResponse(
        context.providerId,
        `to an image request holds no image (${response.finishReason})`,
      );
    }
    images.push(...response.images);
    usage = addUsage(usage, response.usage);
    if (response.model !== '') model = response.model;
  }
  const cost = mediaCost(usage, context.modelCost(request.model));
  return { images, model, usage, ...(cost === undefined ? {} : { cost }) };
}

/**
 * `provider.generateSpeech` of `gemini()`: `generateContent` of a speech model
 * (`gemini-2.5-flash-preview-tts`) with `responseModalities: ['AUDIO']` and the voice; the
 * instructions go before the text (Gemini takes style as part of the prompt). Gemini answers 24 kHz
 * 16-bit PCM: `format: 'wav'` (the default) wraps it in a WAV header, `'pcm'` returns it raw.
 */
export async function geminiGenerateSpeech(
  context: GeminiMediaContext,
  request: SpeechRequest,
  options?: CallOptions,
): Promise<SpeechResult> {
  checkSpeechRequest(request, ['wav', 'pcm']);
  const text =
    request.instructions === undefined ? request.text : `${request.instructions}: ${request.text}`;
  const response = await context.sendMessage(
    {
      model: request.model,
      messages: [userMessage(text)],
      providerOptions: {
        [context.providerId]: {
          speech: { voice: request.voice },
          ...own(request, context.providerId),
        },
      },
    },
    options,
  );
  const audio = response.audio?.[0];
  if (audio?.data === undefined) {
    throw invalidResponse(
      context.providerId,
      `to a speech request holds no audio (${response.finishReason})`,
    );
  }
  const pcm = pcmFormatOf(audio.mimeType);
  const wav = (request.format ?? 'wav') === 'wav' && pcm !== undefined;
  const media: GeneratedMedia = wav
    ? {
        mimeType: 'audio/wav',
        data: pcmToWav(Buffer.from(audio.data, 'base64'), pcm.rate, pcm.channels).toString(
          'base64',
        ),
      }
    : { mimeType: audio.mimeType, data: audio.data };
  const cost = mediaCost(response.usage, context.modelCost(request.model));
  return {
    audio: media,
    model: response.model || request.model,
    usage: response.usage,
    ...(cost === undefined ? {} : { cost }),
  };
}

/**
 * `provider.transcribe` of `gemini()`: audio understanding — the audio inline (checked first: type,
 * base64, empty, at most 15 MiB) and an instruction to transcribe it verbatim, in `language` when
 * given, with `prompt` as context. Gemini gives no timings, so there are no `segments`.
 */
export async function geminiTranscribe(
  context: GeminiMediaContext,
  request: TranscriptionRequest,
  options?: CallOptions,
): Promise<TranscriptionResult> {
  checkTranscriptionRequest(request);
  const bytes = mediaBytes(request.audio.data, 'request.audio.data', GEMINI_MAX_INLINE_AUDIO_BYTES);
  const mimeType = request.audio.mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  const instruction = [
    'Transcribe this audio verbatim. Answer with the transcript only.',
    request.language === undefined ? '' : `The language is ${request.language}.`,
    request.prompt === undefined ? '' : `Context: ${request.prompt}`,
  ]
    .filter((line) => line !== '')
    .join(' ');
  const response = await context.sendMessage(
    {
      model: request.model,
      messages: [
        userMessage([
          // A base64 input is sent as it came; bytes are encoded once.
          audioPart(typeof request.audio.data === 'string' ? request.audio.data : bytes, mimeType),
          textPart(instruction),
        ]),
      ],
      ...(request.providerOptions === undefined
        ? {}
        : { providerOptions: request.providerOptions }),
    },
    options,
  );
  const cost = mediaCost(response.usage, context.modelCost(request.model));
  return {
    text: response.content.trim(),
    ...(request.language === undefined ? {} : { language: request.language }),
    model: response.model || request.model,
    usage: response.usage,
    ...(cost === undefined ? {} : { cost }),
  };
}
