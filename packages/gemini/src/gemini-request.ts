import { type ChatRequest, ValidationError } from '@aigo/ai';
import { convertToGeminiContents } from './convert-to-gemini-contents.js';
import type { GeminiRequest } from './gemini-api.js';
import { buildGeminiGenerationConfig } from './gemini-generation-config.js';
import { prepareGeminiTools } from './gemini-prepare-tools.js';
import { readGeminiProviderOptions } from './gemini-provider-options.js';

/**
 * Builds the body of `generateContent` / `streamGenerateContent` from a `ChatRequest`. Keys appear
 * only when there is something to send, in the order `contents`, `systemInstruction`, `tools`,
 * `toolConfig`, `generationConfig`, `safetySettings`, `cachedContent`.
 *
 * @throws ValidationError naming the field of the request that Gemini cannot take.
 */
export function buildGeminiRequest(request: ChatRequest): GeminiRequest {
  if (request === null || typeof request !== 'object') {
    throw new ValidationError('request', 'must be a ChatRequest');
  }
  if (!Array.isArray(request.messages)) {
    throw new ValidationError('messages', 'must be an array of messages');
  }
  if (request.systemPrompt !== undefined && typeof request.systemPrompt !== 'string') {
    throw new ValidationError('systemPrompt', 'must be a string');
  }
  const options = readGeminiProviderOptions(request);
  const prompt = convertToGeminiContents(request.messages, request.systemPrompt);
  const body: GeminiRequest = { contents: prompt.contents };
  if (prompt.systemInstruction !== undefined) body.systemInstruction = prompt.systemInstruction;
  const tools = prepareGeminiTools(request.tools, request.toolChoice);
  if (tools.tools !== undefined) body.tools = tools.tools;
  if (tools.toolConfig !== undefined) body.toolConfig = tools.toolConfig;
  const generationConfig = buildGeminiGenerationConfig(request, options);
  if (generationConfig !== undefined) body.generationConfig = generationConfig;
  if (options.safetySettings !== undefined) body.safetySettings = [...options.safetySettings];
  if (options.cachedContent !== undefined) body.cachedContent = options.cachedContent;
  return body;
}
