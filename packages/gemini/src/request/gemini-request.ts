import { type ChatRequest, ValidationError } from '@aigo/ai';
import { readGeminiRequestOptions } from '../gemini-request-options.js';
import { supportsMultimodalFunctionResponses } from '../shared/gemini-model-support.js';
import type { GeminiRequest } from '../wire/gemini-api.js';
import { convertToGeminiContents } from './convert-to-gemini-contents.js';
import { buildGeminiGenerationConfig } from './gemini-generation-config.js';
import { prepareGeminiTools } from './gemini-prepare-tools.js';

/**
 * Builds the body of `generateContent` / `streamGenerateContent` from a `ChatRequest`, for `model`
 * (the model the provider resolved; it decides whether tool results may carry media parts, Gemini 3
 * and later). Keys appear only when there is something to send, in the order `contents`,
 * `systemInstruction`, `tools`, `toolConfig`, `generationConfig`, `safetySettings`,
 * `cachedContent`. The images and documents of tool results are sent in `functionResponse.parts` to
 * models that take multimodal function responses (see {@link supportsMultimodalFunctionResponses})
 * and left out for the others.
 *
 * @throws ValidationError naming the field of the request that Gemini cannot take.
 */
export function buildGeminiRequest(
  request: ChatRequest,
  model: string | undefined = request?.model,
): GeminiRequest {
  if (request === null || typeof request !== 'object') {
    throw new ValidationError('request', 'must be a ChatRequest');
  }
  if (!Array.isArray(request.messages)) {
    throw new ValidationError('messages', 'must be an array of messages');
  }
  if (request.systemPrompt !== undefined && typeof request.systemPrompt !== 'string') {
    throw new ValidationError('systemPrompt', 'must be a string');
  }
  const requestOptions = readGeminiRequestOptions(request);
  const prompt = convertToGeminiContents(
    request.messages,
    request.systemPrompt,
    supportsMultimodalFunctionResponses(model),
  );
  const body: GeminiRequest = { contents: prompt.contents };
  if (prompt.systemInstruction !== undefined) body.systemInstruction = prompt.systemInstruction;
  const tools = prepareGeminiTools(request.tools, request.toolChoice);
  if (tools.tools !== undefined) body.tools = tools.tools;
  if (requestOptions.includeServerSideToolInvocations !== undefined) {
    body.toolConfig = {
      ...tools.toolConfig,
      includeServerSideToolInvocations: requestOptions.includeServerSideToolInvocations,
    };
  } else if (tools.toolConfig !== undefined) {
    body.toolConfig = tools.toolConfig;
  }
  const generationConfig = buildGeminiGenerationConfig(request, requestOptions);
  if (generationConfig !== undefined) body.generationConfig = generationConfig;
  if (requestOptions.safetySettings !== undefined) {
    body.safetySettings = [...requestOptions.safetySettings];
  }
  if (requestOptions.cachedContent !== undefined) body.cachedContent = requestOptions.cachedContent;
  return body;
}
