import { type ContentPart, type Message, messageText, ValidationError } from '@aigo/ai';
import { readGeminiMetadata } from '../shared/gemini-provider-metadata.js';
import type {
  GeminiContent,
  GeminiFunctionResponsePart,
  GeminiJson,
  GeminiPart,
} from '../wire/gemini-api.js';
import { convertContentPart } from './convert-gemini-content-part.js';
import { convertModelTurn } from './convert-gemini-model-turn.js';

/** The conversation in Gemini's shape. */
export interface GeminiPrompt {
  readonly contents: GeminiContent[];
  readonly systemInstruction?: { parts: GeminiPart[] };
}

interface KnownCall {
  readonly name: string;
  readonly functionCallId: string | undefined;
  /** Position among its assistant message's calls, to order parallel results. */
  readonly position: number;
}

/**
 * Converts the system prompt and messages into Gemini's `systemInstruction` and `contents`:
 *
 * - `systemPrompt`, then every `system` message, become `systemInstruction` text parts (Gemini has
 *   no system role inside `contents`).
 * - `user` → `{ role: 'user' }`; text and media parts map to `text`, `inlineData` (base64) or
 *   `fileData` (URI, preferred when both are set).
 * - `assistant` → `{ role: 'model' }`: an answer from Gemini goes back as Gemini sent it, part for
 *   part, each thought signature on the part that carried it (text, thought, function call, code,
 *   code result, server-side tool call and response, media); any other assistant message is built
 *   from its fields ({@link convertModelTurn}).
 * - `tool` messages → `functionResponse` parts; consecutive tool messages (the results of parallel
 *   calls) share one `user` turn, in the order of the calls they answer. The function name comes from
 *   `message.name` or from the assistant call with the same id; the API's own call id is sent back
 *   when the call had one. A result that is a JSON object is sent as is; anything else (an array, a
 *   number, plain text) is wrapped as `{ "result": … }`, because Gemini takes objects only. The
 *   result is the tool message's text (its text parts joined); its image and document parts go in
 *   `functionResponse.parts` (`inlineData`, or `fileData` for a URI) when `mediaInToolResults` is
 *   true — Gemini 3 and later take multimodal function responses, Gemini 2.x rejects them — and are
 *   left out otherwise, as are audio and video parts, which function responses do not take.
 *
 * @throws ValidationError naming the message that cannot be sent.
 */
export function convertToGeminiContents(
  messages: readonly Message[],
  systemPrompt: string | undefined,
  mediaInToolResults = false,
): GeminiPrompt {
  const systemParts: GeminiPart[] = [];
  if (systemPrompt !== undefined && systemPrompt.length > 0)
    systemParts.push({ text: systemPrompt });

  const calls = collectCalls(messages);
  const contents: GeminiContent[] = [];
  let pendingResults: { part: GeminiPart; order: number }[] = [];
  const flushResults = () => {
    if (pendingResults.length === 0) return;
    const ordered = pendingResults
      .map((entry, arrival) => ({ ...entry, arrival }))
      .sort((a, b) => a.order - b.order || a.arrival - b.arrival);
    contents.push({ role: 'user', parts: ordered.map((entry) => entry.part) });
    pendingResults = [];
  };

  messages.forEach((message, index) => {
    const where = `messages[${index}]`;
    if (message === null || typeof message !== 'object') {
      throw new ValidationError(where, 'must be a message');
    }
    if (message.role === 'tool') {
      pendingResults.push(functionResponsePart(message, calls, where, mediaInToolResults));
      return;
    }
    flushResults();
    switch (message.role) {
      case 'system': {
        const text = messageText(message);
        if (text.length > 0) systemParts.push({ text });
        return;
      }
      case 'user':
        contents.push({ role: 'user', parts: userParts(message, where) });
        return;
      case 'assistant': {
        const parts = convertModelTurn(message, where);
        if (parts.length > 0) contents.push({ role: 'model', parts });
        return;
      }
      default:
        throw new ValidationError(
          `${where}.role`,
          `must be user, assistant, tool or system, got ${String((message as Message).role)}`,
        );
    }
  });
  flushResults();

  return systemParts.length > 0
    ? { contents, systemInstruction: { parts: systemParts } }
    : { contents };
}

function collectCalls(messages: readonly Message[]): Map<string, KnownCall> {
  const calls = new Map<string, KnownCall>();
  for (const message of messages) {
    if (message?.role !== 'assistant' || message.toolCalls === undefined) continue;
    message.toolCalls.forEach((call, position) => {
      if (typeof call?.id !== 'string') return;
      calls.set(call.id, {
        name: call.function?.name ?? '',
        functionCallId: readGeminiMetadata(call.providerMetadata).functionCallId,
        position,
      });
    });
  }
  return calls;
}

function userParts(message: Message, where: string): GeminiPart[] {
  if (typeof message.content === 'string') return [{ text: message.content }];
  if (!Array.isArray(message.content)) {
    throw new ValidationError(`${where}.content`, 'must be a string or an array of content parts');
  }
  const parts = message.content.map((part, index) =>
    convertContentPart(part, `${where}.content[${index}]`),
  );
  return parts.length > 0 ? parts : [{ text: '' }];
}

function functionResponsePart(
  message: Message,
  calls: ReadonlyMap<string, KnownCall>,
  where: string,
  mediaInToolResults: boolean,
): { part: GeminiPart; order: number } {
  const call = typeof message.toolCallId === 'string' ? calls.get(message.toolCallId) : undefined;
  const name = message.name || call?.name;
  if (!name) {
    throw new ValidationError(
      `${where}.name`,
      'is required: Gemini needs the function name with each result, and no assistant tool call ' +
        `has the id ${JSON.stringify(message.toolCallId)}`,
    );
  }
  const functionResponse: NonNullable<GeminiPart['functionResponse']> = {
    name,
    response: responseObject(messageText(message)),
  };
  if (call?.functionCallId !== undefined) functionResponse.id = call.functionCallId;
  if (mediaInToolResults && Array.isArray(message.content)) {
    const parts = functionResponseMedia(message.content, where);
    if (parts.length > 0) functionResponse.parts = parts;
  }
  return { part: { functionResponse }, order: call?.position ?? Number.MAX_SAFE_INTEGER };
}

/** The image and document parts of a tool result, as `functionResponse.parts`. */
function functionResponseMedia(
  content: readonly ContentPart[],
  where: string,
): GeminiFunctionResponsePart[] {
  const parts: GeminiFunctionResponsePart[] = [];
  content.forEach((part, index) => {
    if (part?.type !== 'image' && part?.type !== 'document') return;
    const { inlineData, fileData } = convertContentPart(part, `${where}.content[${index}]`);
    if (inlineData !== undefined) parts.push({ inlineData });
    else if (fileData !== undefined) parts.push({ fileData });
  });
  return parts;
}

function responseObject(text: string): { [key: string]: GeminiJson } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { result: text };
  }
  if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
    return parsed as { [key: string]: GeminiJson };
  }
  return { result: parsed as GeminiJson };
}
