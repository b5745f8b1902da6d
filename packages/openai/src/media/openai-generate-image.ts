import {
  type CallOptions,
  checkImageRequest,
  type GeneratedMedia,
  type ImageRequest,
  type ImageResult,
  mediaCost,
} from '@aigo/ai';
import { arrayOf, invalidResponse, isRecord, nonEmptyString, toRequestOptions } from '@aigo/http';
import { mapOpenAIMediaUsage } from './map-openai-usage.js';
import { type OpenAIMediaContext, openAIMediaExtras } from './openai-media-context.js';

const FORMAT_MIME: Readonly<Record<string, string>> = Object.freeze({
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
});

/** `dall-e-2` and `dall-e-3` answer with a URL unless asked for base64; gpt-image models always give base64. */
function isDallE(model: string): boolean {
  return model.startsWith('dall-e');
}

/**
 * `provider.generateImage` of `openai()`: `POST {baseURL}/images/generations`, images returned as
 * base64 (`response_format: 'b64_json'` for the DALL·E models), each with its `revisedPrompt` when
 * the API rewrote the prompt; token usage for gpt-image models and the cost where the price list
 * prices the model (else `undefined`).
 */
export async function openAIGenerateImage(
  context: OpenAIMediaContext,
  request: ImageRequest,
  options?: CallOptions,
): Promise<ImageResult> {
  checkImageRequest(request);
  const extras = openAIMediaExtras(request.providerOptions, context.providerId);
  const body: Record<string, unknown> = { model: request.model, prompt: request.prompt };
  if (request.n !== undefined) body.n = request.n;
  if (request.size !== undefined) body.size = request.size;
  if (request.quality !== undefined) body.quality = request.quality;
  if (request.background !== undefined) body.background = request.background;
  if (isDallE(request.model)) body.response_format = 'b64_json';
  Object.assign(body, extras);
  const url = `${context.baseURL}/images/generations`;
  const { data } = await context.http.client().postJson(url, body, toRequestOptions(options));
  if (!isRecord(data) || !Array.isArray(data.data)) {
    throw invalidResponse(context.providerId, 'to /images/generations has no data array');
  }
  const format =
    nonEmptyString(data.output_format) ?? nonEmptyString(extras.output_format) ?? 'png';
  const mimeType = FORMAT_MIME[format] ?? `image/${format}`;
  const images: GeneratedMedia[] = arrayOf(data.data).map((item, index) => {
    if (!isRecord(item)) {
      throw invalidResponse(
        context.providerId,
        `to /images/generations has data[${index}] that is not an object`,
      );
    }
    const b64 = nonEmptyString(item.b64_json);
    const uri = nonEmptyString(item.url);
    if (b64 === undefined && uri === undefined) {
      throw invalidResponse(
        context.providerId,
        `to /images/generations has data[${index}] without b64_json or url`,
      );
    }
    const revised = nonEmptyString(item.revised_prompt);
    return {
      mimeType,
      ...(b64 === undefined ? { uri: uri as string } : { data: b64 }),
      ...(revised === undefined ? {} : { revisedPrompt: revised }),
    };
  });
  const usage = mapOpenAIMediaUsage(data.usage, 'image');
  const cost = mediaCost(usage, context.modelCost(request.model));
  return { images, model: request.model, usage, ...(cost === undefined ? {} : { cost }) };
}
